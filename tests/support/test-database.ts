import { randomBytes } from "node:crypto";
import fs from "node:fs";

import { afterAll, beforeAll, beforeEach, inject } from "vitest";

import { type Database, type DatabaseHandle, openDatabase } from "#app/db/client.server";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { databaseAt, freshPostgres, onServer, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { emptyPublicTables, keepPreparedRows, type PreparedRows } from "./prepared-rows";

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

/** Empties every table, and forgets the reads kept until content changes, as the app does when content changes. */
async function emptyTables(db: Database): Promise<void> {
  await emptyPublicTables(db);
  forgetContentMemos();
}

const testDriver = () => (process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite");

interface OpenedDatabase {
  handle: DatabaseHandle;
  /** Closes it for good (on PostgreSQL, drops it too). */
  dispose(): Promise<void>;
}

const openPglite = () =>
  openDatabase({ kind: "pglite-memory", snapshot: new Blob([fs.readFileSync(inject("pgliteSnapshot"))]) });

/** A copy of the run's migrated template on the test PostgreSQL server, named after it (the run drops them all). */
async function openPostgresCopy(): Promise<OpenedDatabase> {
  const base = testPostgresUrl();
  const template = inject("postgresTemplate");
  const name = `${template}_${randomBytes(6).toString("hex")}`;
  await onServer(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = await openDatabase({ kind: "postgres", url: databaseAt(base, name) });
  return {
    handle,
    async dispose() {
      await handle.close();
      await onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function openMigrated(driver: TestDatabase["driver"]): Promise<OpenedDatabase> {
  if (driver === "postgres") return openPostgresCopy();
  const handle = await openPglite();
  return { handle, dispose: () => handle.close() };
}

/**
 * A worker runs file after file (isolate: false), so its files take turns on one database, emptied when a
 * file closes it: opening one from the template costs far more than emptying it (on PGlite about a second;
 * on PostgreSQL a copied database, and new connections whose catalog caches start cold).
 */
let idle: OpenedDatabase | undefined;

async function databaseForFile(driver: TestDatabase["driver"]): Promise<OpenedDatabase> {
  const opened = idle ?? (await openMigrated(driver));
  idle = undefined;
  return {
    handle: opened.handle,
    async dispose() {
      // One kept per worker; a database that cannot be emptied is not handed on.
      if (idle) return opened.dispose();
      try {
        await emptyTables(opened.handle.db);
        idle = opened;
      } catch {
        await opened.dispose();
      }
    },
  };
}

/**
 * A migrated, empty database for one test file: the worker's in-memory PGlite, or its database on the test
 * PostgreSQL server (so files running side by side share no rows). Both start as copies of the one
 * database integration-setup.ts migrated for the run, and are emptied between files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = testDriver();
  const { handle, dispose } = await databaseForFile(driver);
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
      await dispose();
    },
  };
}

/** A database of the run's driver that was opened and then closed: it answers nothing. */
export async function closedTestDatabase(): Promise<Pick<TestDatabase, "db" | "driver" | "ping">> {
  const driver = testDriver();
  const opened = await openMigrated(driver);
  await opened.dispose();
  return { db: opened.handle.db, driver, ping: () => opened.handle.ping() };
}

/**
 * One migrated database for the calling test file, emptied before each test; `prepare` then adds the
 * rows every test starts from. It runs before the first test only: its rows are kept and copied back
 * before each later one (prepared-rows.ts), so what it does beyond writing rows happens once per file.
 * Returns a getter (the database exists once beforeAll has run).
 */
export function testDatabasePerFile(prepare?: (t: TestDatabase) => Promise<void>): () => TestDatabase {
  let current: TestDatabase | undefined;
  let prepared: { rows: PreparedRows | undefined } | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await prepared?.rows?.discard();
    await current?.close();
  });
  beforeEach(async () => {
    const t = current!;
    if (prepared?.rows) {
      await prepared.rows.restore();
      return forgetContentMemos();
    }
    await t.reset();
    if (!prepare) return;
    await prepare(t);
    prepared ??= { rows: await keepPreparedRows(t.db, t.runSql) };
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
