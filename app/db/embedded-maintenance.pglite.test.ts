import { sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { testDatabasePerFile } from "../../tests/support/test-database";
import { queryRows } from "./client.server";
import { vacuumEmbedded } from "./embedded-maintenance.server";
import { stores } from "./schema";

// The embedded database only: on PostgreSQL the job is left out and autovacuum does this (where another
// test's open snapshot may keep a fresh page from counting as visible to all).
const database = testDatabasePerFile();

const allVisiblePages = async () =>
  (
    await queryRows<{ pages: number }>(
      database().db,
      sql`select relallvisible as pages from pg_class where relname = 'stores'`,
    )
  )[0]!.pages;

it("marks freshly written pages all-visible, as autovacuum would", async () => {
  const { db } = database();
  await db.insert(stores).values(Array.from({ length: 300 }, (_, i) => ({ name: `Store ${i}`, slug: `store-${i}` })));
  expect(await allVisiblePages()).toBe(0);
  await vacuumEmbedded(db);
  expect(await allVisiblePages()).toBeGreaterThan(0);
});
