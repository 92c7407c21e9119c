import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "#app/db/client.server";
import { testPostgresUrl } from "../../scripts/lib/fresh-postgres";

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

/**
 * A migrated, empty database for one test file: in-memory PGlite, or a throwaway database on the
 * test PostgreSQL server (so test files can run in parallel without sharing rows). Both
 * are copies of the one database integration-setup.ts migrated for the run.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};

  if (driver === "postgres") {
    const base = testPostgresUrl();
    const name = `dealdash_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    await admin.end();
    handle = await openDatabase({ kind: "postgres", url: databaseUrl(base, name) });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({ kind: "pglite-memory", snapshot: new Blob([fs.readFileSync(inject("pgliteSnapshot"))]) });
  }

  return {
    db: handle.db,
    driver,
    listen: (channel, onNotify) => handle.listen(channel, onNotify),
    ping: () => handle.ping(),
    runSql: (text, values) => handle.runSql(text, values),
    async reset() {
      const tables = await queryRows<{ name: string }>(
        handle.db,
        sql`select tablename as name from pg_tables where schemaname = 'public'`,
      );
      const list = tables.map((t) => `"${t.name}"`).join(", ");
      if (list) await handle.db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
    },
    async close() {
      await handle.close();
      await dropDatabase();
    },
  };
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
