import { sql } from "drizzle-orm";

import { type Database, type DatabaseHandle, queryRows } from "#app/db/client.server";

/** The schema a file's prepared rows are kept in between its tests. */
const KEPT = "test_prepared";

/** The public schema's tables, read once per database: tests add rows, never tables. */
const tablesOf = new WeakMap<Database, Promise<string[]>>();

function publicTables(db: Database): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    ).then((rows) => rows.map((row) => row.name));
    tablesOf.set(db, tables);
  }
  return tables;
}

/** The public tables that hold a row: one query, an `exists` a table. */
async function tablesHoldingRows(db: Database): Promise<string[]> {
  const tables = await publicTables(db);
  if (!tables.length) return [];
  const rows = await queryRows<{ name: string }>(
    db,
    sql.raw(tables.map((name) => `select '${name}' as name where exists (select from "${name}")`).join(" union all ")),
  );
  return rows.map((row) => row.name);
}

/**
 * Empties every table of the public schema (a migrated database holds no rows, so this is its state again).
 * Only the tables that hold rows are emptied, by DELETE with triggers off (foreign keys and content-change
 * notices are triggers): a test leaves a few rows in a few tables, and a TRUNCATE gives each table new
 * files and makes every connection reload its catalog entries, which cost the test server more than the
 * tests' own queries. Sequences a test used are set back to their start. Where the role may not turn
 * triggers off, TRUNCATE … CASCADE does it.
 */
export async function emptyPublicTables(db: Database): Promise<void> {
  const holding = await tablesHoldingRows(db);
  if (holding.length) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
        for (const statement of deleteRows(holding)) await tx.execute(sql.raw(statement));
      });
    } catch {
      await db.execute(sql.raw(`TRUNCATE ${holding.map((name) => `"${name}"`).join(", ")} CASCADE`));
    }
  }
  await db.execute(sql.raw(RESTART_SEQUENCES));
}

const deleteRows = (tables: string[]) => tables.map((name) => `DELETE FROM "${name}"`);

/** One query string is one transaction: a failure part-way undoes the setting with the rows. */
const withoutTriggers = (statements: string[]) =>
  ["SET session_replication_role = replica", ...statements, "RESET session_replication_role"].join(";\n");

const RESTART_SEQUENCES = `select setval(format('%I.%I', schemaname, sequencename), start_value, false)
  from pg_sequences where schemaname = 'public' and last_value is not null`;

export interface PreparedRows {
  /**
   * Empties the tables and copies the kept rows back, with the sequences' values, in one transaction that
   * runs no trigger: no content-change notice is sent (whoever keeps reads forgets them itself).
   */
  restore(): Promise<void>;
  /** Drops the copy (when the file ends: the next file on this database starts without it). */
  discard(): Promise<void>;
}

type Sql = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * Keeps what the public schema holds now (the rows a file's `prepare` made) in a schema of its own, so each
 * later test gets exactly those rows back by a copy instead of running `prepare` again: seeding the demo
 * content row by row costs several times more. The copy writes the stored columns (generated ones are
 * computed again) with their kept identity values, and runs no trigger: the kept rows already hold what
 * the triggers wrote. Undefined where the database refuses to run without triggers (a server's role that
 * may not set `session_replication_role`): such a file prepares each test anew.
 */
export async function keepPreparedRows(
  db: Database,
  runSql: DatabaseHandle["runSql"],
): Promise<PreparedRows | undefined> {
  const run: Sql = (text) => runSql(text);
  const discard = () => run(`DROP SCHEMA IF EXISTS ${KEPT} CASCADE`).then(() => undefined);
  try {
    await run(`SET session_replication_role = replica; RESET session_replication_role`);
  } catch {
    return undefined;
  }
  const holding = await tablesHoldingRows(db);
  if (!holding.length) return undefined;
  const shapes = await queryRows<{ name: string; columns: string }>(
    db,
    sql`select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relkind in ('r', 'p') and c.relname in (${sql.join(
          holding.map((name) => sql`${name}`),
          sql`, `,
        )})
        group by c.relname`,
  );
  const sequences = await queryRows<{ setval: string }>(
    db,
    sql`select format('select setval(%L, %s, true)', format('%I.%I', schemaname, sequencename), last_value) as setval
        from pg_sequences where schemaname = 'public' and last_value is not null`,
  );
  await discard();
  await run(
    [
      `CREATE SCHEMA ${KEPT}`,
      ...shapes.map(({ name, columns }) => `CREATE TABLE ${KEPT}."${name}" AS SELECT ${columns} FROM public."${name}"`),
    ].join(";\n"),
  );
  const restoring = (holding: string[]) =>
    withoutTriggers([
      ...deleteRows(holding),
      RESTART_SEQUENCES,
      ...shapes.map(
        ({ name, columns }) =>
          `INSERT INTO public."${name}" (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${KEPT}."${name}"`,
      ),
      ...sequences.map((sequence) => sequence.setval),
    ]);
  return {
    restore: async () => {
      await run(restoring(await tablesHoldingRows(db)));
    },
    discard,
  };
}
