import { randomBytes } from "node:crypto";
import fs from "node:fs";

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";

import { type Database, type DatabaseHandle, openDatabase, queryRows } from "#app/db/client.server";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";

export interface TestDatabase {
  db: Database;
  driver: "pglite" | "postgres";
  listen: DatabaseHandle["listen"];
  ping: DatabaseHandle["ping"];
  runSql: DatabaseHandle["runSql"];
  /** Empties every table (between tests). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

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

/**
 * Empties every table of the public schema (a migrated database holds no rows, so this is its state again),
 * and forgets the reads kept until content changes, as the app does when content changes. Only the tables
 * that hold rows are truncated: a truncate gives each table new files, costly when done to all of them
 * before every test, and a test fills a few. Sequences a test used are then set back to their start.
 */
async function emptyTables(db: Database): Promise<void> {
  const tables = await publicTables(db);
  if (tables.length) {
    const holdingRows = await queryRows<{ name: string }>(
      db,
      sql.raw(
        tables.map((name) => `select '${name}' as name where exists (select from "${name}")`).join(" union all "),
      ),
    );
    const list = holdingRows.map((t) => `"${t.name}"`).join(", ");
    if (list) await db.execute(sql.raw(`TRUNCATE ${list} CASCADE`));
  }
  await db.execute(
    sql`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
        from pg_sequences where schemaname = 'public' and last_value is not null`,
  );
  forgetContentMemos();
}

const testDriver = () => (process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite");

/**
 * A worker runs file after file (isolate: false), so its files take turns on one in-memory PGlite, emptied
 * when a file closes it: opening one from the snapshot costs about a second per file.
 */
let idlePglite: DatabaseHandle | undefined;

const openPglite = () =>
  openDatabase({ kind: "pglite-memory", snapshot: new Blob([fs.readFileSync(inject("pgliteSnapshot"))]) });

async function pgliteForFile(): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const handle = idlePglite ?? (await openPglite());
  idlePglite = undefined;
  return {
    handle,
    async close() {
      // One kept per worker; a database that cannot be emptied is not handed on.
      if (idlePglite) return handle.close();
      try {
        await emptyTables(handle.db);
        idlePglite = handle;
      } catch {
        await handle.close();
      }
    },
  };
}

async function postgresForFile(): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const base = testPostgresUrl();
  const name = `dealdash_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await admin.end();
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(base, name) });
  return {
    handle,
    async close() {
      await handle.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A migrated, empty database for one test file: in-memory PGlite (the worker's, emptied), or a throwaway
 * database on the test PostgreSQL server (so test files can run in parallel without sharing rows). Both
 * start as copies of the one database integration-setup.ts migrated for the run.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = testDriver();
  const { handle, close } = driver === "postgres" ? await postgresForFile() : await pgliteForFile();
  // What the file listens to ends with it, so the next file on a kept database hears nothing of it.
  const listening = new Set<() => Promise<void>>();

  return {
    db: handle.db,
    driver,
    async listen(channel, onNotify) {
      const stop = await handle.listen(channel, onNotify);
      const stopOnce = async () => {
        if (listening.delete(stopOnce)) await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    ping: () => handle.ping(),
    runSql: (text, values) => handle.runSql(text, values),
    reset: () => emptyTables(handle.db),
    async close() {
      for (const stop of [...listening]) await stop();
      await close();
    },
  };
}

/** A database of the run's driver that was opened and then closed: it answers nothing. */
export async function closedTestDatabase(): Promise<Pick<TestDatabase, "db" | "driver" | "ping">> {
  const driver = testDriver();
  const handle = driver === "postgres" ? undefined : await openPglite();
  const opened = handle ? { handle, close: () => handle.close() } : await postgresForFile();
  await opened.close();
  return { db: opened.handle.db, driver, ping: () => opened.handle.ping() };
}

/**
 * One migrated database for the calling test file, emptied before each test; `prepare` then adds the
 * rows every test starts from. Returns a getter (the database exists once beforeAll has run).
 */
export function testDatabasePerFile(prepare?: (t: TestDatabase) => Promise<void>): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(() => current?.close());
  beforeEach(async () => {
    await current!.reset();
    await prepare?.(current!);
  });
  return () => current!;
}

/**
 * A database of its own for a test (a restore's target), of the run's driver unless named: an embedded one
 * in memory from the run's migrated snapshot, or a new database on the test PostgreSQL server. Dropped by
 * `close`.
 */
export async function openOwnDatabase(
  driver: TestDatabase["driver"] = testDriver(),
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  if (driver === "pglite") {
    // The postgres project has no snapshot of its own: a new cluster, a few seconds more.
    const handle = inject("pgliteSnapshot") ? await openPglite() : await openDatabase({ kind: "pglite-memory" });
    return { handle, close: () => handle.close() };
  }
  const fresh = await freshPostgres(testPostgresUrl(), "dealdash_own");
  const handle = await openDatabase({ kind: "postgres", url: fresh.url });
  return {
    handle,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}
