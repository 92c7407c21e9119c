import { sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { testDatabasePerFile } from "../../tests/support/test-database";
import { queryRows } from "./client.server";
import { checkpointEmbedded, vacuumEmbedded } from "./embedded-maintenance.server";
import { seedScaleData } from "./seed/scale-data.server";

// The embedded database only: on PostgreSQL the job is left out and autovacuum does this (where another
// test's open snapshot may keep a fresh page from counting as visible to all).
const database = testDatabasePerFile();

const allVisiblePages = async () =>
  (
    await queryRows<{ pages: number }>(
      database().db,
      sql`select relallvisible as pages from pg_class where relname = 'visibility_probe'`,
    )
  )[0]!.pages;

it("marks freshly written pages all-visible, as autovacuum would", async () => {
  const { db } = database();
  // A table of its own: the worker's database is emptied between files by DELETE, which keeps the
  // app tables' visibility counts from earlier files' vacuums.
  await db.execute(
    sql`create table visibility_probe as select g, md5(g::text) as name from generate_series(1, 3000) g`,
  );
  try {
    expect(await allVisiblePages()).toBe(0);
    await vacuumEmbedded(db);
    expect(await allVisiblePages()).toBeGreaterThan(0);
  } finally {
    await db.execute(sql`drop table visibility_probe`);
  }
});

const walMegabytes = async () =>
  (await queryRows<{ mb: number }>(database().db, sql`select (sum(size) / 1048576)::int as mb from pg_ls_waldir()`))[0]!
    .mb;

/** Eight 16 MB log segments, each closed after a write: past max_wal_size, and no checkpoint comes of it. */
async function fillTheLog() {
  const { db } = database();
  await db.execute(sql`create table wal_filler (v int)`);
  for (let segment = 0; segment < 8; segment++) {
    await db.execute(sql`insert into wal_filler values (${segment})`);
    await db.execute(sql`select pg_switch_wal()`);
  }
  await db.execute(sql`drop table wal_filler`);
  expect(await walMegabytes()).toBeGreaterThan(100);
}

it("trims the write-ahead log at its checkpoint, which nothing else would run", async () => {
  await fillTheLog();
  await checkpointEmbedded(database().db);
  expect(await walMegabytes()).toBeLessThanOrEqual(64 + 16);
});

it("trims the log a scale seed writes when asked to (npm run seed:scale on the embedded database)", async () => {
  const { db } = database();
  const none = { coupons: 0, clicks: 0, gifts: 0, guides: 0, prices: 0, candidates: 0, earnings: 0 };
  const sizes = { ...none, stores: 3, categories: 2, deals: 20 };
  await fillTheLog();
  await seedScaleData(db, sizes);
  expect(await walMegabytes()).toBeGreaterThan(100);
  await seedScaleData(db, sizes, { checkpoints: true });
  expect(await walMegabytes()).toBeLessThanOrEqual(64 + 16);
});
