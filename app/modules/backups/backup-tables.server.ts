import { sql } from "drizzle-orm";

import { type Database, type Executor, queryRows } from "#app/db/client.server";

// What a backup holds and how a table is told to be the same: the public schema's tables (the job queue's
// schema is not data: a server makes it again at start), their columns, and a checksum of their rows.

export interface TableShape {
  name: string;
  /** Stored columns, in the table's order. */
  columns: string[];
  /** Generated columns (search vectors): left out of a backup, computed again by a restore. */
  generated: string[];
}

/** Tables that are not the site's data: the job queue's record of runs under way (a restored site has none). */
export const NOT_DATA = ["job_heartbeats"];

/** Every table of the public schema holding the site's data, by name, with its columns. */
export async function tablesOf(db: Executor): Promise<TableShape[]> {
  const rows = await queryRows<{ name: string; columns: string[] | null; generated: string[] | null }>(
    db,
    sql`
      SELECT c.relname AS name,
        array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns,
        array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated <> '') AS generated
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p')
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return rows
    .filter((row) => !NOT_DATA.includes(row.name))
    .map((row) => ({ name: row.name, columns: row.columns ?? [], generated: row.generated ?? [] }));
}

/**
 * A table's row count and the sum of its rows' hashes (`hashtextextended` of the row as text, the same on
 * every PostgreSQL since 11): equal contents give equal figures whatever the rows' order. Read inside a
 * transaction whose time zone is UTC, so times are written alike.
 */
export async function tableChecksum(db: Executor, table: string): Promise<{ rows: number; sum: string }> {
  const [row] = await queryRows<{ rows: string; sum: string }>(
    db,
    sql`SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS sum FROM ${sql.identifier(table)} t`,
  );
  return { rows: Number(row!.rows), sum: row!.sum };
}

/** Makes the transaction's times UTC: a backup and a restore write and compare them alike. */
export const inUtc = (db: Executor) => db.execute(sql`SET LOCAL TimeZone = 'UTC'`);

/** The public schema's sequences and their values (null: never used). */
export const sequenceValues = (db: Executor) =>
  queryRows<{ name: string; value: string | null }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );

/** Every table's row count and checksum at one moment (compared with a backup, or with a restored copy). */
export const databaseChecksums = (db: Pick<Database, "transaction">) =>
  db.transaction(async (tx) => {
    await inUtc(tx);
    const sums: Record<string, { rows: number; sum: string }> = {};
    for (const table of await tablesOf(tx)) sums[table.name] = await tableChecksum(tx, table.name);
    return sums;
  });
