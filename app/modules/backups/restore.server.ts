import { sql } from "drizzle-orm";

import { type DatabaseHandle, type Executor, queryRows } from "#app/db/client.server";
import { appliedMigrations, knownMigrations, migrationsUpTo } from "#app/db/migrations.server";
import { migrationsFolder } from "#app/db/project-root.server";

import { backupLines, checkBackupFile } from "./backup-file.server";
import { type BackupHeader, type ControlLine, isControlLine, type TableStart } from "./backup-format";
import { inUtc, NOT_DATA, tableChecksum, tablesOf } from "./backup-tables.server";

// Restoring a backup into an empty database, embedded or PostgreSQL, whichever it was read from: the
// schema the backup holds is made by the migrations up to it, the rows go in (foreign keys and triggers
// off, so order and the triggers' bookkeeping do not matter: the backup holds what they made), each table
// is checked against the backup's count and checksum, and then the later migrations bring it up to date.
// All rows go in one transaction: a failure leaves the schema and no rows.

/** Thrown when a restore is refused before anything changed: the reason, in words. */
export class RestoreRefused extends Error {}

/** Rows per INSERT. */
const BATCH_ROWS = 5000;
/** …or fewer, when their JSON passes this many characters. */
const BATCH_CHARS = 8_000_000;

export interface RestoreProgress {
  table: string;
  rows: number;
}

export interface RestoreResult {
  header: BackupHeader;
  tables: number;
  rows: number;
  /** Migrations applied after the rows went in (the backup's schema was older). */
  migrated: number;
  seconds: number;
}

/** Whether any table of the public schema holds a row. */
async function holdsRows(db: Executor): Promise<boolean> {
  for (const table of await tablesOf(db)) {
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table.name)}) AS found`,
    );
    if (row?.found) return true;
  }
  return false;
}

/** Drops what a database holds of DealDash (its tables, its migrations' record, the job queue). */
async function wipe(db: Executor): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}

/**
 * The header of `file` when this DealDash can restore it; else refused (NotABackup or RestoreRefused). Read
 * before a database is opened, so a file that cannot be restored is refused at once, not after opening it
 * (a new embedded database is made on open).
 */
export async function checkRestorable(file: string): Promise<BackupHeader> {
  const header = await checkBackupFile(file);
  const known = knownMigrations();
  if (header.schema.count > known.length)
    throw new RestoreRefused(
      `This backup is of a newer DealDash (schema ${header.schema.count}, "${header.schema.last}"); this one knows ` +
        `schema ${known.length}. Upgrade DealDash, then restore it.`,
    );
  if (header.schema.count > 0 && known[header.schema.count - 1] !== header.schema.last)
    throw new RestoreRefused(`This backup's schema ("${header.schema.last}") is not one this DealDash knows.`);
  return header;
}

/**
 * Restores `file` into the open database `handle`. Refused (RestoreRefused, nothing changed) for a file
 * that is not a whole backup, a backup of a newer schema than this DealDash knows, or a database holding
 * rows unless `force`.
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  file: string,
  options: {
    force?: boolean;
    /** What checkRestorable answered for `file`, when the caller asked before opening the database. */
    checked?: BackupHeader;
    /** False: leave the schema as the backup's, the later migrations not applied (tests of upgrades). */
    upgrade?: boolean;
    onProgress?: (progress: RestoreProgress) => void;
  } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const header = options.checked ?? (await checkRestorable(file));
  if (!options.force && (await holdsRows(handle.db)))
    throw new RestoreRefused(
      "The database is not empty. Restore into an empty data directory or database, or add --force to replace what it holds.",
    );

  await wipe(handle.db);
  const upTo = migrationsUpTo(header.schema.count);
  try {
    await handle.migrate(upTo.folder);
  } finally {
    upTo.remove();
  }
  const { tables, rows } = await handle.db.transaction((tx) => loadRows(tx, file, options.onProgress));
  const before = await appliedMigrations(handle.db);
  if (options.upgrade !== false) await handle.migrate(migrationsFolder());
  return {
    header,
    tables,
    rows,
    migrated: (await appliedMigrations(handle.db)) - before,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Every row of the file into its table, each table then checked against the backup's figures. */
async function loadRows(tx: Executor, file: string, onProgress: (progress: RestoreProgress) => void = () => undefined) {
  await inUtc(tx);
  const shapes = new Map((await tablesOf(tx)).map((table) => [table.name, table]));
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
      FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  for (const key of foreignKeys)
    await tx.execute(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quoted(key.name)}`));
  // Indexes that back no constraint are built once the rows are in: far quicker than row by row.
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${quoted(index.name)}`));
  for (const name of shapes.keys()) await tx.execute(sql`ALTER TABLE ${sql.identifier(name)} DISABLE TRIGGER USER`);

  let table: TableStart | undefined;
  let batch: string[] = [];
  let chars = 0;
  let tableRows = 0;
  let tables = 0;
  let rows = 0;
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const columns = sql.join(
      table.columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    await tx.execute(sql`INSERT INTO ${sql.identifier(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.identifier(table.name)}, ${`[${batch.join(",")}]`}::jsonb)`);
    tableRows += batch.length;
    batch = [];
    chars = 0;
    onProgress({ table: table.name, rows: tableRows });
  };

  /** Rows of a table that is not data (an older backup's job queue bookkeeping) are passed over. */
  let passingOver = false;
  for await (const line of backupLines(file)) {
    if (passingOver && !line.startsWith('{"@":"end"')) continue;
    if (!isControlLine(line)) {
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      continue;
    }
    const control = JSON.parse(line) as ControlLine;
    if (control["@"] === "table" && NOT_DATA.includes(control.name)) {
      passingOver = true;
    } else if (passingOver && control["@"] === "end") {
      passingOver = false;
    } else if (control["@"] === "table") {
      const shape = shapes.get(control.name);
      const unknown = control.columns.filter((column) => !shape?.columns.includes(column));
      if (!shape || unknown.length > 0)
        throw new Error(
          `The backup's ${control.name} does not fit this schema (${unknown.join(", ") || "no such table"}).`,
        );
      table = control;
      tableRows = 0;
    } else if (control["@"] === "end") {
      await flush();
      const restored = await tableChecksum(tx, control.name);
      if (restored.rows !== control.rows || restored.sum !== control.sum)
        throw new Error(
          `The restored ${control.name} does not match the backup: ${restored.rows} rows for ${control.rows}, checksum ${restored.sum} for ${control.sum}.`,
        );
      tables++;
      rows += control.rows;
      table = undefined;
    } else if (control["@"] === "sequences") {
      for (const sequence of control.values)
        await tx.execute(
          sequence.value === null
            ? sql`SELECT setval(${sequence.name}::regclass, 1, false)`
            : sql`SELECT setval(${sequence.name}::regclass, ${sequence.value}::bigint, true)`,
        );
    }
  }

  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  for (const key of foreignKeys)
    await tx.execute(sql.raw(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quoted(key.name)} ${key.definition}`));
  for (const name of shapes.keys()) await tx.execute(sql`ALTER TABLE ${sql.identifier(name)} ENABLE TRIGGER USER`);
  return { tables, rows };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
