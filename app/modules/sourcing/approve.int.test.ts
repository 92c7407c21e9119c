import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, coupons, deals, sourcedItems, sourcingCandidates, sourcingSources, stores } from "#app/db/schema";

import { actor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { approveCandidates } from "./approve.server";
import {
  landOffers,
  queueTip,
  rejectCandidates,
  snoozeCandidates,
  waitingCandidates,
  wakeSnoozed,
  withdrawUnseen,
} from "./candidates.server";
import type { Offer } from "./offer";

const db = testDatabasePerFile(seedDemoWithActor);

async function aSource(name: string) {
  const [source] = await db()
    .db.insert(sourcingSources)
    .values({ kind: "feed", name })
    .returning({ id: sourcingSources.id, kind: sourcingSources.kind });
  return source as { id: string; kind: "feed" };
}

async function aStore() {
  const [store] = await db().db.select({ id: stores.id, name: stores.name }).from(stores).limit(1);
  return store!;
}

const deal = (n: number, merchant: string, values: Partial<Offer> = {}): Offer => ({
  externalId: `d${n}`,
  kind: "deal",
  url: `https://shop.example/product/${n}?utm_campaign=feed`,
  title: `Sourced blender ${n}`,
  description: "A blender with a real saving.",
  imageUrl: `https://shop.example/images/${n}.jpg`,
  affiliateUrl: `https://track.example/c?offer=${n}`,
  price: 60,
  originalPrice: 100,
  merchant,
  ...values,
});

const coupon = (code: string, merchant: string): Offer => ({
  externalId: `c-${code}`,
  kind: "coupon",
  url: "https://shop.example/",
  title: `20% off everything with ${code}`,
  affiliateUrl: "https://track.example/c?promo=1",
  couponCode: code,
  discountType: "percentage",
  discountValue: 20,
  merchant,
});

const waitingIds = async () => (await waitingCandidates(db().db, { limit: 100 })).rows.map((row) => row.id);

describe("sourced offers in the review queue", () => {
  it("queues each offer once, matched to the store by name; a second run brings it up to date; a dropped one leaves", async () => {
    const store = await aStore();
    const source = await aSource("Blender feed");
    const first = new Date();
    const offers = [
      deal(1, store.name.toUpperCase()),
      deal(2, "Nobody we know", { originalPrice: null }),
      deal(1, store.name),
      coupon("FEED SAVE 20", store.name),
    ];
    expect(
      await landOffers(db().db, source, [...offers, { ...deal(3, store.name), url: "not an address" }], first),
    ).toEqual({
      queued: 3,
      updated: 0,
      skipped: 0,
      unusable: 1,
    });
    const rows = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.sourceId, source.id));
    const byExternal = new Map(rows.map((row) => [row.externalId, row]));
    expect(byExternal.get("d1")).toMatchObject({ storeId: store.id, price: 60, originalPrice: 100 });
    expect(byExternal.get("d1")?.scoreReasons[0]).toBe("Saves 40%");
    expect(byExternal.get("d1")!.score).toBeGreaterThan(byExternal.get("d2")!.score);
    expect(byExternal.get("d2")?.storeId).toBeNull();
    expect(byExternal.get("c-FEED SAVE 20")?.dedupeKey).toBe(`code:${store.id}:FEEDSAVE20`);

    // The same feed again, one price lower and one offer gone: nothing new, one updated, the gone one withdrawn.
    const second = new Date(first.getTime() + 1000);
    expect(await landOffers(db().db, source, [deal(1, store.name, { price: 55 }), offers[3]!], second)).toEqual({
      queued: 0,
      updated: 2,
      skipped: 0,
      unusable: 0,
    });
    expect(await withdrawUnseen(db().db, source.id, second)).toBe(1);
    const [updated] = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.externalId, "d1"));
    expect(updated?.price).toBe(55);
    expect(await waitingIds()).not.toContain(byExternal.get("d2")!.id);
  });

  it("approves 50 at once as items tied to their offers, which are not offered again", async () => {
    const store = await aStore();
    const source = await aSource("Big feed");
    const offers = Array.from({ length: 50 }, (_, n) => deal(100 + n, store.name, { title: "Same blender title" }));
    await landOffers(db().db, source, offers, new Date());
    const ids = (
      await db()
        .db.select({ id: sourcingCandidates.id })
        .from(sourcingCandidates)
        .where(eq(sourcingCandidates.sourceId, source.id))
    ).map((row) => row.id);
    const approval = await approveCandidates(db().db, ids, { publish: true, actor, amazon: null });
    expect(approval.approved).toHaveLength(50);
    expect(approval.needsEditing).toEqual([]);
    const made = await db()
      .db.select({ slug: deals.slug, status: deals.status, affiliateUrl: deals.affiliateUrl, storeId: deals.storeId })
      .from(deals)
      .innerJoin(sourcedItems, eq(sourcedItems.dealId, deals.id))
      .where(eq(sourcedItems.sourceId, source.id));
    expect(made).toHaveLength(50);
    // One title, fifty slugs.
    expect(new Set(made.map((row) => row.slug)).size).toBe(50);
    expect(made.every((row) => row.status === "published" && row.storeId === store.id)).toBe(true);
    expect(made.map((row) => row.affiliateUrl)).toContain("https://track.example/c?offer=100");
    const audits = await db().db.select().from(auditLog).where(eq(auditLog.action, "sourcing"));
    expect(audits.filter((row) => (row.detail as { did: string }).did === "approve")).toHaveLength(50);

    // Approved once: a second approval finds nothing waiting, and the feed's next run offers nothing again.
    expect((await approveCandidates(db().db, ids.slice(0, 2), { publish: false, actor, amazon: null })).gone).toBe(2);
    expect(await landOffers(db().db, source, offers, new Date())).toMatchObject({ queued: 0, updated: 0, skipped: 50 });
    const [counts] = await db().db.select().from(sourcingSources).where(eq(sourcingSources.id, source.id));
    expect(counts?.approvedCount).toBe(50);
  });

  it("does not offer a code the store's coupons already have, and keeps a coupon's own link", async () => {
    const [existing] = await db()
      .db.select({ storeId: coupons.storeId, code: coupons.couponCode, store: stores.name })
      .from(coupons)
      .innerJoin(stores, eq(stores.id, coupons.storeId))
      .where(and(isNotNull(coupons.couponCode), eq(coupons.status, "published")))
      .limit(1);
    const source = await aSource("Codes");
    const typedOtherwise = ` ${existing!.code!.toLowerCase()} `;
    expect(
      await landOffers(
        db().db,
        source,
        [coupon(typedOtherwise, existing!.store), coupon("NEWCODE15", existing!.store)],
        new Date(),
      ),
    ).toMatchObject({ queued: 1, skipped: 1 });
    const [waiting] = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.sourceId, source.id));
    const approval = await approveCandidates(db().db, [waiting!.id], { publish: false, actor, amazon: null });
    const [made] = await db().db.select().from(coupons).where(eq(coupons.id, approval.approved[0]!.itemId));
    expect(made).toMatchObject({
      couponCode: "NEWCODE15",
      discountValue: 20,
      urlType: "manual",
      customUrl: "https://track.example/c?promo=1",
      status: "draft",
    });
  });

  it("leaves a tip waiting, saying what it lacks, since a tip's address is never an affiliate link", async () => {
    await queueTip(db().db, { url: "https://shop.example/tipped", title: "Tipped kettle", price: 20 });
    const [tip] = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.title, "Tipped kettle"));
    const approval = await approveCandidates(db().db, [tip!.id], { publish: true, actor, amazon: null });
    expect(approval.approved).toEqual([]);
    expect(approval.needsEditing).toEqual([
      { id: tip!.id, title: "Tipped kettle", missing: "a store, a picture, an affiliate link" },
    ]);
    expect(await waitingIds()).toContain(tip!.id);
  });

  it("snoozes until the time comes, and keeps a rejected offer away unless its price falls 5%", async () => {
    const store = await aStore();
    const source = await aSource("Snoozy feed");
    await landOffers(db().db, source, [deal(900, store.name), deal(901, store.name)], new Date());
    const rows = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.sourceId, source.id));
    const [snoozed, rejected] = [
      rows.find((row) => row.externalId === "d900")!,
      rows.find((row) => row.externalId === "d901")!,
    ];
    const until = new Date(Date.now() + 86_400_000);
    expect(await snoozeCandidates(db().db, [snoozed.id], until)).toBe(1);
    expect(await waitingIds()).not.toContain(snoozed.id);
    // Snoozed is still waiting: the feed's next run does not queue it twice.
    expect(await landOffers(db().db, source, [deal(900, store.name)], new Date())).toMatchObject({
      queued: 0,
      updated: 1,
    });
    await wakeSnoozed(db().db, new Date(until.getTime() + 1));
    expect(await waitingIds()).toContain(snoozed.id);

    expect(await rejectCandidates(db().db, [rejected.id], "Overpriced", actor)).toBe(1);
    expect(await landOffers(db().db, source, [deal(901, store.name, { price: 58 })], new Date())).toMatchObject({
      queued: 0,
      skipped: 1,
    });
    expect(await landOffers(db().db, source, [deal(901, store.name, { price: 57 })], new Date())).toMatchObject({
      queued: 1,
    });
  });
});
