import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, contentRevisions, deals, stores, users } from "#app/db/schema";
import { runBulkAction } from "#app/modules/catalogue/bulk.server";
import { deleteContent, getForEdit, patchContent, saveContent } from "#app/modules/catalogue/mutations.server";
import { contentType, contentTypes } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { titleColumnOf } from "#app/modules/content-types/words";

import { actor, createValid, insertActor, insertStore, validForms } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { dropAmazonFields, REVISIONS_KEPT, thinOldRevisions } from "./revision-log.server";
import { restoreRevision, revisionsPage } from "./revisions.server";

// Revisions of every content type: what a save keeps, restoring one, and what is kept how long.

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const deal = contentType("deal");
const anyone = { mayPublish: () => true };

/** The item's revisions as stored, newest first. */
const revisionsOf = (type: AnyContentType, itemId: string) =>
  db()
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, type.key), eq(contentRevisions.itemId, itemId)))
    .orderBy(sql`${contentRevisions.createdAt} desc`);

/** A save of `row`'s type with its valid form and these fields changed. */
async function saveWith(type: AnyContentType, row: { id: string }, fields: Record<string, unknown>) {
  const [store] = await db().select({ id: stores.id }).from(stores).limit(1);
  const stored = (await getForEdit(type, db(), row.id))!;
  const title = titleColumnOf(type).name;
  const input = type.schema.parse({
    ...validForms[type.key as keyof typeof validForms]({ storeId: store!.id }),
    ...("storeId" in stored && stored.storeId ? { storeId: stored.storeId } : {}),
    [title]: stored[title],
    // An edit form carries the stored slug: a new title keeps it.
    ...("slug" in stored ? { slug: stored.slug } : {}),
    ...fields,
  });
  const result = await saveContent(type, db(), actor, row.id, input);
  expect(result).toMatchObject({ ok: true });
}

describe.each(contentTypes.map((type) => [type.key, type] as const))("%s revisions", (_key, type) => {
  it("keep who saved, when, and each changed field before and after; a restore brings a version back", async () => {
    const title = titleColumnOf(type).name;
    const row = await createValid(db(), type, { [title]: "First words" });
    await saveWith(type, row, { [title]: "Second words" });
    const [second, first] = await revisionsOf(type, row.id);
    expect(first).toMatchObject({ actorEmail: actor.email, detail: { created: true } });
    expect(first!.snapshot[title]).toBe("First words");
    expect(second!.changes).toEqual([{ field: title, before: "First words", after: "Second words" }]);
    // The audit row points at its revision.
    const [audited] = await db()
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audited!.detail).toMatchObject({ revision: second!.id });

    // A save that changes nothing keeps nothing.
    await saveWith(type, row, {});
    expect(await revisionsOf(type, row.id)).toHaveLength(2);

    expect(await restoreRevision(type, db(), actor, row.id, first!.id, anyone)).toMatchObject({
      ok: true,
      changed: true,
    });
    expect((await getForEdit(type, db(), row.id))![title]).toBe("First words");
    const [restore] = await revisionsOf(type, row.id);
    expect(restore).toMatchObject({ detail: { restoredFrom: first!.id } });
    expect(restore!.changes).toEqual([{ field: title, before: "Second words", after: "First words" }]);
    const page = await revisionsPage(db(), type, row.id, null);
    expect(page.rows.map((revision) => revision.kind)).toEqual(["restore", "save", "created"]);
    expect(page.rows[0]!.changes).toEqual([
      expect.objectContaining({ field: title, before: "Second words", after: "First words" }),
    ]);
  });

  it("go with their item when it is deleted", async () => {
    const row = await createValid(db(), type);
    expect(await deleteContent(type, db(), actor, row.id)).toEqual({ ok: true });
    expect(await revisionsOf(type, row.id)).toEqual([]);
  });
});

describe("revisions", () => {
  it("keep an item's version from before revisions were kept at its first save, and it can be restored", async () => {
    const store = await insertStore(db(), "Old Store", "old-store");
    const [old] = await db()
      .insert(deals)
      .values({
        title: "Made before revisions",
        slug: "made-before",
        shortDescription: "From long ago",
        imageUrl: "https://example.com/old.png",
        affiliateUrl: "https://example.com/old",
        currentPrice: 40,
        storeId: store.id,
        updatedAt: new Date("2026-01-02T03:04:05Z"),
      })
      .returning();
    await saveWith(deal, old!, { title: "Renamed", currentPrice: 35 });
    const [saved, earlier] = await revisionsOf(deal, old!.id);
    expect(earlier).toMatchObject({ detail: { earlier: true }, changes: [], actorId: null });
    expect(earlier!.createdAt).toEqual(new Date("2026-01-02T03:04:05Z"));
    expect(saved!.changes).toEqual(
      expect.arrayContaining([
        { field: "title", before: "Made before revisions", after: "Renamed" },
        { field: "currentPrice", before: 40, after: 35 },
      ]),
    );
    expect(await restoreRevision(deal, db(), actor, old!.id, earlier!.id, anyone)).toMatchObject({ ok: true });
    expect(await getForEdit(deal, db(), old!.id)).toMatchObject({ title: "Made before revisions", currentPrice: 40 });
  });

  it("refuse a restore that no longer holds, with the form's message, changing nothing", async () => {
    const gone = await insertStore(db(), "Gone Store", "gone-store");
    const kept = await insertStore(db(), "Kept Store", "kept-store");
    const row = await createValid(db(), deal, { storeId: gone.id });
    await saveWith(deal, row, { storeId: kept.id });
    await db().delete(stores).where(eq(stores.id, gone.id));
    const [, first] = await revisionsOf(deal, row.id);
    const before = await revisionsOf(deal, row.id);
    expect(await restoreRevision(deal, db(), actor, row.id, first!.id, anyone)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Store: Store not found",
    });
    expect(await getForEdit(deal, db(), row.id)).toMatchObject({ storeId: kept.id });
    expect(await revisionsOf(deal, row.id)).toEqual(before);
    // The page names the deleted store as such, and the kept one by name.
    const [change] = (await revisionsPage(db(), deal, row.id, null)).rows[0]!.changes;
    expect(change).toMatchObject({ label: "Store", before: "(deleted)", after: "Kept Store" });
    // A version of another item, or none, is not restored.
    const other = await createValid(db(), deal);
    expect(await restoreRevision(deal, db(), actor, other.id, first!.id, anyone)).toEqual({
      ok: false,
      reason: "gone",
    });
  });

  it("let a contributor restore their draft but not a published version", async () => {
    const row = await createValid(db(), deal, { status: "published" });
    await saveWith(deal, row, { status: "draft" });
    const [, published] = await revisionsOf(deal, row.id);
    const result = await restoreRevision(deal, db(), actor, row.id, published!.id, {
      mayPublish: (status) => status === "draft",
    });
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(await getForEdit(deal, db(), row.id)).toMatchObject({ status: "draft" });
  });

  it("keep a store's secrets out, and a restore leaves them as they are", async () => {
    const store = contentType("store");
    const row = await createValid(db(), store, { apiConfig: '{"apiKey": "first-secret"}' });
    await saveWith(store, row, { name: "Renamed Store", apiConfig: '{"apiKey": "second-secret"}' });
    const revisions = await revisionsOf(store, row.id);
    expect(JSON.stringify(revisions)).not.toContain("secret");
    expect(await restoreRevision(store, db(), actor, row.id, revisions.at(-1)!.id, anyone)).toMatchObject({
      ok: true,
    });
    const [stored] = await db().select().from(stores).where(eq(stores.id, row.id));
    expect(stored).toMatchObject({ apiConfig: { apiKey: "second-secret" } });
    expect(stored!.name).not.toBe("Renamed Store");
  });

  it("keep a bulk action's change of each item, with the version before it", async () => {
    const a = await createValid(db(), deal, { status: "draft" });
    const b = await createValid(db(), deal, { status: "archived" });
    await runBulkAction(deal, db(), actor, "publish", sql`${deals.id} in (${a.id}, ${b.id})`);
    for (const [row, status] of [
      [a, "draft"],
      [b, "archived"],
    ] as const) {
      const [bulk] = await revisionsOf(deal, row.id);
      expect(bulk).toMatchObject({
        detail: { bulk: "publish" },
        changes: [{ field: "status", before: status, after: "published" }],
      });
      expect(bulk!.snapshot).toMatchObject({ status: "published" });
    }
    await runBulkAction(deal, db(), actor, "delete", sql`${deals.id} = ${a.id}`);
    expect(await revisionsOf(deal, a.id)).toEqual([]);
  });

  it(`keep an item's newest ${REVISIONS_KEPT}`, async () => {
    const row = await createValid(db(), deal, { currentPrice: 1 });
    for (let price = 2; price <= REVISIONS_KEPT + 2; price++) await saveWith(deal, row, { currentPrice: price });
    const kept = await revisionsOf(deal, row.id);
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]!.snapshot.currentPrice).toBe(REVISIONS_KEPT + 2);
    expect(kept.at(-1)!.snapshot.currentPrice).toBe(3);
  });

  it("thin the versions that turned 30 days old to the last of each day", async () => {
    const row = await createValid(db(), deal);
    const now = new Date("2026-06-15T12:00:00Z");
    const at = (daysAgo: number, hour: number) => new Date(Date.UTC(2026, 5, 15 - daysAgo, hour));
    const times = [at(31, 9), at(31, 17), at(31, 23), at(32, 8), at(5, 9), at(5, 10)];
    await db().delete(contentRevisions);
    await db()
      .insert(contentRevisions)
      .values(times.map((createdAt) => ({ kind: "deal", itemId: row.id, createdAt, snapshot: {}, changes: [] })));
    expect(await thinOldRevisions(db(), now)).toBe(2);
    expect((await revisionsOf(deal, row.id)).map((revision) => revision.createdAt)).toEqual([
      at(5, 10),
      at(5, 9),
      at(31, 23),
      at(32, 8),
    ]);
  });

  it("drop Amazon's fields after 24 hours, keep no revision of Amazon's refresh, and restore around them", async () => {
    const row = await createValid(db(), deal, { amazonAsin: "B0REVISION", currentPrice: 50, title: "Amazon deal" });
    await saveWith(deal, row, { title: "Amazon deal, renamed", currentPrice: 45, amazonAsin: "B0REVISION" });
    const [renamed, created] = await revisionsOf(deal, row.id);
    expect(renamed).toMatchObject({ amazonUntil: expect.any(Date) });
    // Amazon's refresh changes only what Amazon lends: no revision. A feed's end date is a revision.
    await patchContent(deal, db(), { id: null, email: "Amazon price refresh" }, row.id, {
      changes: { currentPrice: 44, rating: 4.5 },
    });
    expect(await revisionsOf(deal, row.id)).toHaveLength(2);
    await patchContent(deal, db(), { id: null, email: "Sourcing" }, row.id, {
      changes: { expiresAt: new Date("2030-01-01T23:59:59Z") },
    });
    const [synced] = await revisionsOf(deal, row.id);
    expect(synced).toMatchObject({
      actorEmail: "Sourcing",
      changes: [expect.objectContaining({ field: "expiresAt" })],
    });

    // A day on, Amazon's fields leave every revision.
    await db()
      .update(contentRevisions)
      .set({ amazonUntil: new Date(Date.now() - 1000) });
    expect(await dropAmazonFields(db(), contentTypes)).toBe(3);
    for (const revision of await revisionsOf(deal, row.id)) {
      expect(Object.keys(revision.snapshot)).not.toContain("currentPrice");
      expect(revision.changes.map((change) => change.field)).not.toContain("currentPrice");
      expect(revision.amazonUntil).toBeNull();
    }
    expect(await dropAmazonFields(db(), contentTypes)).toBe(0);
    // Restoring the first version brings its title back and keeps Amazon's current price.
    expect(await restoreRevision(deal, db(), actor, row.id, created!.id, anyone)).toMatchObject({ ok: true });
    expect(await getForEdit(deal, db(), row.id)).toMatchObject({ title: "Amazon deal", currentPrice: 44 });
  });

  it("keep the version a restore replaces when no revision holds it", async () => {
    const row = await createValid(db(), deal, { title: "Version one" });
    await saveWith(deal, row, { title: "Version two" });
    // Changed where no revision sees it (a direct write, as a migration or a tool might).
    await db().update(deals).set({ title: "Changed elsewhere" }).where(eq(deals.id, row.id));
    const [, first] = await revisionsOf(deal, row.id);
    expect(await restoreRevision(deal, db(), actor, row.id, first!.id, anyone)).toMatchObject({ ok: true });
    const [restored, kept] = await revisionsOf(deal, row.id);
    expect(kept).toMatchObject({ detail: { keptBeforeRestore: true } });
    expect(kept!.snapshot.title).toBe("Changed elsewhere");
    expect(restored!.changes).toEqual([{ field: "title", before: "Changed elsewhere", after: "Version one" }]);
  });

  it("name a removed person's saves by their address", async () => {
    const writer = { id: "00000000-0000-4000-8000-000000000002", email: "gone@example.com" };
    await db()
      .insert(users)
      .values({ ...writer, name: "Gone" });
    const saved = await saveContent(
      contentType("category"),
      db(),
      writer,
      undefined,
      contentType("category").schema.parse({ name: "By someone" }),
    );
    await db().delete(users).where(eq(users.id, writer.id));
    const [revision] = (
      await revisionsPage(db(), contentType("category"), (saved as { row: { id: string } }).row.id, null)
    ).rows;
    expect(revision).toMatchObject({ actorEmail: "gone@example.com", kind: "created" });
  });
});
