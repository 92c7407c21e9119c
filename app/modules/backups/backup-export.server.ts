import { sql } from "drizzle-orm";

import { type Executor, queryRows } from "#app/db/client.server";
import { appliedMigrations, knownMigrations } from "#app/db/migrations.server";

import { BACKUP_FORMAT, type BackupHeader, type BackupTrailer, type ControlLine, type TableEnd } from "./backup-format";
import { inUtc, sequenceValues, tableChecksum, tablesOf } from "./backup-tables.server";

// Writes a database's contents as a backup's lines. `db` must read one moment of the database: a
// REPEATABLE READ transaction on PostgreSQL, or a copy of the embedded database nobody else writes to.

const FETCH_ROWS = 5000;

/** Where a backup's lines go, in order; a slow reader is waited for. */
export type LineSink = (line: string) => Promise<void>;

export interface ExportProgress {
  table: string;
  rows: number;
}

/** Writes every table, its checksum, the sequences and the trailer; returns the header written. */
export async function exportDatabase(
  tx: Executor,
  source: BackupHeader["source"],
  write: LineSink,
  onProgress: (progress: ExportProgress) => void = () => undefined,
): Promise<{ header: BackupHeader; tables: TableEnd[] }> {
  await inUtc(tx);
  const count = await appliedMigrations(tx);
  const header: BackupHeader = {
    "@": "dealdash-backup",
    format: BACKUP_FORMAT,
    schema: { count, last: knownMigrations()[count - 1] ?? "" },
    createdAt: new Date().toISOString(),
    source,
  };
  const control = (line: ControlLine) => write(JSON.stringify(line));
  await control(header);
  const ends: TableEnd[] = [];
  for (const table of await tablesOf(tx)) {
    await control({ "@": "table", name: table.name, columns: table.columns });
    const generated = table.generated.length
      ? sql` - ARRAY[${sql.join(
          table.generated.map((column) => sql`${column}`),
          sql`, `,
        )}]::text[]`
      : sql``;
    // A cursor reads the table a slice at a time: a million clicks are never in memory at once.
    await tx.execute(
      sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT (to_jsonb(t)${generated})::text AS line FROM ${sql.identifier(table.name)} t`,
    );
    let rows = 0;
    for (;;) {
      const slice = await queryRows<{ line: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
      for (const row of slice) await write(row.line);
      rows += slice.length;
      if (slice.length > 0) onProgress({ table: table.name, rows });
      if (slice.length < FETCH_ROWS) break;
    }
    await tx.execute(sql`CLOSE backup_rows`);
    const checksum = await tableChecksum(tx, table.name);
    if (checksum.rows !== rows)
      throw new Error(`${table.name} changed while it was read (${rows} rows read, ${checksum.rows} counted)`);
    const end: TableEnd = { "@": "end", name: table.name, ...checksum };
    ends.push(end);
    await control(end);
  }
  await control({ "@": "sequences", values: await sequenceValues(tx) });
  const trailer: BackupTrailer = {
    "@": "complete",
    tables: ends.length,
    rows: ends.reduce((sum, end) => sum + end.rows, 0),
  };
  await control(trailer);
  return { header, tables: ends };
}
