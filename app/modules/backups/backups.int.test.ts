import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { queryRows } from "#app/db/client.server";
import { appliedMigrations, knownMigrations } from "#app/db/migrations.server";
import { migrationsFolder } from "#app/db/project-root.server";
import { deals, newsletterSubscribers, stores } from "#app/db/schema";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";

import { clickOnADeal, seedDemoWithActor } from "../../../tests/support/fixtures";
import { openOwnDatabase, testDatabasePerFile } from "../../../tests/support/test-database";
import { backUp } from "./backup.server";
import { NotABackup } from "./backup-file.server";
import { BACKUP_EXTENSION } from "./backup-format";
import { databaseChecksums } from "./backup-tables.server";
import { restoreBackup, RestoreRefused } from "./restore.server";

// A backup and its restore on the run's database: the restored database equals the source table by table
// (rows and checksums), and what cannot be restored is refused before anything changes.

const database = testDatabasePerFile(async (t) => {
  await seedDemoWithActor(t);
  await clickOnADeal(t.db);
  await t.db
    .insert(newsletterSubscribers)
    .values({ email: "reader@example.com", state: "confirmed", confirmedAt: new Date() });
});
const db = () => database().db;
const folders: string[] = [];
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const folder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-backups-"));
  folders.push(made);
  return made;
};
async function ownDatabase() {
  const own = await openOwnDatabase();
  closing.push(own.close);
  return own.handle;
}
/** One of the current schema, holding a row of its own. */
async function ownDatabaseHolding(store: string) {
  const target = await ownDatabase();
  await target.migrate(migrationsFolder());
  await target.db.insert(stores).values({ name: store, slug: store.toLowerCase() });
  return target;
}
const fixture = path.resolve("tests/fixtures/backups/dealdash-s0054-20261128T002253Z.dealdash-backup.gz");

/** A gzip file of these lines, named as a backup. */
function fileOf(lines: unknown[]): string {
  const file = path.join(folder(), `crafted${BACKUP_EXTENSION}`);
  fs.writeFileSync(file, zlib.gzipSync(lines.map((line) => JSON.stringify(line)).join("\n") + "\n"));
  return file;
}

describe("a backup", () => {
  it("restores into an empty database equal to the source, table by table", async () => {
    const source = { db: db(), driver: database().driver };
    const made = await backUp(source, folder());
    expect(path.basename(made.file)).toMatch(/^dealdash-s\d{4}-\d{8}T\d{6}\.\d{3}Z\.dealdash-backup\.gz$/);
    expect(made.header.schema.count).toBe(knownMigrations().length);
    expect(made.rows).toBeGreaterThan(100);
    expect(made.bytes).toBe(fs.statSync(made.file).size);

    const target = await ownDatabase();
    const restored = await restoreBackup(target, made.file);
    expect(restored).toMatchObject({ rows: made.rows, migrated: 0 });
    expect(await databaseChecksums(target.db)).toEqual(await databaseChecksums(db()));
    // What the site reads works on it: the public list, its triggers' counts, its sequences.
    expect((await listPublicDeals(target.db, { limit: 5 })).deals.length).toBe(5);
    const [store] = await target.db.select().from(stores).where(eq(stores.slug, "amazon"));
    const [original] = await db().select().from(stores).where(eq(stores.slug, "amazon"));
    expect(store!.publishedDeals).toBe(original!.publishedDeals);
    await target.db.insert(stores).values({ name: "After restore", slug: "after-restore" });
  });

  it("of an older schema is restored, then brought up to date by the later migrations", async () => {
    const target = await ownDatabase();
    const restored = await restoreBackup(target, fixture);
    expect(restored.header.schema).toEqual({ count: 54, last: "0053_activity_indexes" });
    expect(restored.migrated).toBe(knownMigrations().length - 54);
    expect(await appliedMigrations(target.db)).toBe(knownMigrations().length);
    const titles = await target.db.select({ title: deals.title }).from(deals);
    expect(titles.length).toBeGreaterThan(10);
    const [reader] = await queryRows<{ email: string }>(target.db, sql`SELECT email FROM newsletter_subscribers`);
    expect(reader).toEqual({ email: "reader@fixture.test" });
  });

  it("is refused, changing nothing, into a database that holds rows, unless forced", async () => {
    const target = await ownDatabaseHolding("Mine");
    await expect(restoreBackup(target, fixture)).rejects.toThrow(RestoreRefused);
    expect(await target.db.select().from(stores).where(eq(stores.slug, "mine"))).toHaveLength(1);
    await restoreBackup(target, fixture, { force: true });
    expect(await target.db.select().from(stores).where(eq(stores.slug, "mine"))).toHaveLength(0);
  });

  it("of a newer schema, a cut-off one or another file is refused with why, changing nothing", async () => {
    const target = await ownDatabaseHolding("Kept");
    const header = { "@": "dealdash-backup", format: 1, createdAt: new Date().toISOString(), source: "pglite" };
    const newer = fileOf([{ ...header, schema: { count: 999, last: "0998_future" } }, { "@": "complete" }]);
    await expect(restoreBackup(target, newer, { force: true })).rejects.toThrow(
      /newer DealDash \(schema 999, "0998_future"\); this one knows schema \d+\. Upgrade DealDash/,
    );
    const known = knownMigrations();
    const cut = fileOf([{ ...header, schema: { count: known.length, last: known.at(-1) } }, { "@": "table" }]);
    await expect(restoreBackup(target, cut, { force: true })).rejects.toThrow(/is incomplete/);
    const other = path.join(folder(), `notes${BACKUP_EXTENSION}`);
    fs.writeFileSync(other, "not gzip at all");
    await expect(restoreBackup(target, other, { force: true })).rejects.toThrow(NotABackup);
    await expect(restoreBackup(target, path.join(folder(), "notes.txt"), { force: true })).rejects.toThrow(
      /is not a DealDash backup/,
    );
    expect(await target.db.select().from(stores).where(eq(stores.slug, "kept"))).toHaveLength(1);
  });
});
