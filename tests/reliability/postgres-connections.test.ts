import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";

import { type DatabaseHandle, openDatabase, queryRows } from "#app/db/client.server";

import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";

// PostgreSQL may end the app's idle connections at any time (a restart, an administrator, a failover).
// The process must carry on: an error nobody listens for would crash it (Vitest reports it as unhandled).

let database: Awaited<ReturnType<typeof freshPostgres>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await freshPostgres(testPostgresUrl(), "dealdash_connections");
  handle = await openDatabase({ kind: "postgres", url: database.url });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

it("answers the next query after the server ends its idle connections", async () => {
  // Two queries at once leave two idle connections in the pool.
  await Promise.all([handle.db.execute(sql`select pg_sleep(0.05)`), handle.db.execute(sql`select pg_sleep(0.05)`)]);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const ended = await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  await admin.end();
  expect(ended.rowCount).toBeGreaterThanOrEqual(2);
  // The ended connections' errors reach the pool while they sit idle; it drops them and connects again.
  const answered = () =>
    queryRows<{ one: number }>(handle.db, sql`select 1 as one`).then(
      (rows) => rows[0]?.one,
      () => undefined,
    );
  await expect.poll(answered).toBe(1);
});
