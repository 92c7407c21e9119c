import { randomUUID } from "node:crypto";

import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  auditLog,
  clicks,
  deals,
  priceHistory,
  sourcedItems,
  sourcingCandidates,
  sourcingSources,
  stores,
} from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { rollUpClicks } from "#app/modules/analytics/click-roll-up.server";
import { convertEarnings } from "#app/modules/earnings/currency-rates.server";
import { importEarnings } from "#app/modules/earnings/earnings-import.server";

import { actor, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { landOffers, queueTip, rejectCandidates, waitingCandidates } from "./candidates.server";
import { offerKeyOf } from "./offer-key";

const db = testDatabasePerFile(async (t) => {
  await seedDemoContent(t.db);
  await insertActor(t.db);
});

const tip = (url: string, title = "Noise-cancelling headphones") => ({
  url,
  title,
  price: 199,
  note: "Lowest I've seen",
});

describe("sourcing candidates", () => {
  it("queues a tip once per offer, however its address was written, and not an offer the site has", async () => {
    expect(await queueTip(db().db, tip("https://shop.example/item/7?utm_source=news"))).toBe("queued");
    expect(await queueTip(db().db, tip("https://www.shop.example/item/7/?fbclid=x", "Same headphones"))).toBe(
      "waiting",
    );
    expect(await queueTip(db().db, tip("https://shop.example/item/8"))).toBe("queued");

    const [deal] = await db().db.select({ id: deals.id }).from(deals).where(eq(deals.status, "published")).limit(1);
    await db().db.update(deals).set({ amazonAsin: "B0TESTASIN" }).where(eq(deals.id, deal!.id));
    expect(await queueTip(db().db, tip("https://www.amazon.com/Any-Name/dp/B0TESTASIN?tag=x-20"))).toBe("on-site");

    const { rows, hasNext } = await waitingCandidates(db().db, { limit: 10 });
    expect(hasNext).toBe(false);
    expect(rows.map((row) => row.url)).toEqual([
      "https://shop.example/item/8",
      "https://shop.example/item/7?utm_source=news",
    ]);
    expect(rows[1]).toMatchObject({
      source: "tip",
      title: "Noise-cancelling headphones",
      price: 199,
      note: "Lowest I've seen",
    });
  });

  it("pages the queue newest first without repeats; a rejected offer comes back only 5% cheaper", async () => {
    for (let n = 0; n < 7; n++) await queueTip(db().db, tip(`https://shop.example/p/${n}`));
    const first = await waitingCandidates(db().db, { limit: 4 });
    const last = first.rows.at(-1)!;
    const second = await waitingCandidates(db().db, { limit: 4, after: last.id });
    expect(first.hasNext).toBe(true);
    expect(second.hasNext).toBe(false);
    const seen = [...first.rows, ...second.rows].map((row) => row.url);
    expect(new Set(seen).size).toBe(7);

    const rejected = first.rows[0]!;
    expect(await rejectCandidates(db().db, [rejected.id], "Not a real saving", actor)).toBe(1);
    // Decided once: a second rejection finds nothing waiting.
    expect(await rejectCandidates(db().db, [rejected.id], "Again", actor)).toBe(0);
    const [row] = await db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.id, rejected.id));
    expect(row).toMatchObject({ status: "rejected", rejectReason: "Not a real saving", reviewedBy: actor.id });
    const [audit] = await db().db.select().from(auditLog).where(eq(auditLog.action, "sourcing"));
    expect(audit?.detail).toMatchObject({ did: "reject", title: rejected.title, reason: "Not a real saving" });
    expect((await waitingCandidates(db().db, { limit: 10 })).rows.map((r) => r.id)).not.toContain(rejected.id);
    // Within 30 days the same offer stays away, even a little cheaper; 5% cheaper it is worth a look again.
    expect(await queueTip(db().db, tip(rejected.url))).toBe("passed-on");
    expect(await queueTip(db().db, { ...tip(rejected.url), price: 190 })).toBe("passed-on");
    expect(await queueTip(db().db, { ...tip(rejected.url), price: 189 })).toBe("queued");
  });

  it("scores an offer that was an item here against that item's own price history", async () => {
    const [source] = await db()
      .db.insert(sourcingSources)
      .values({ kind: "feed", name: "History feed" })
      .returning({ id: sourcingSources.id });
    // Two products the site had from this feed, ended since, with what they cost over the last weeks (their
    // own prices, recorded when they were added, are the demo's highest: above all of those).
    const urls = ["https://history.example/kettle", "https://history.example/toaster"];
    const items = await db().db.select({ id: deals.id }).from(deals).orderBy(desc(deals.currentPrice)).limit(2);
    for (const [n, item] of items.entries()) {
      await db().db.update(deals).set({ status: "archived" }).where(eq(deals.id, item.id));
      await db()
        .db.insert(sourcedItems)
        .values({ dealId: item.id, sourceId: source!.id, dedupeKey: offerKeyOf(urls[n]!)! });
      await db()
        .db.insert(priceHistory)
        .values(
          [100, 80, 90].map((price, day) => ({
            itemKind: "deal" as const,
            itemId: item.id,
            price,
            source: "owner" as const,
            recordedAt: new Date(Date.now() - (day + 1) * 86_400_000),
          })),
        );
    }
    const offer = (url: string, price: number) => ({ externalId: null, kind: "deal" as const, url, title: url, price });
    await landOffers(db().db, { id: source!.id, kind: "feed" }, [offer(urls[0]!, 75), offer(urls[1]!, 95)], new Date());
    const landed = await db()
      .db.select({ url: sourcingCandidates.url, reasons: sourcingCandidates.scoreReasons })
      .from(sourcingCandidates)
      .where(eq(sourcingCandidates.sourceId, source!.id));
    expect(Object.fromEntries(landed.map((row) => [row.url, row.reasons]))).toEqual({
      [urls[0]!]: ["Below its lowest price in 90 days (80.00)"],
      [urls[1]!]: ["Was 80.00 here within 90 days"],
    });
  });

  it("scores an offer by what its store earns per click, once it has earned", async () => {
    const [source] = await db()
      .db.insert(sourcingSources)
      .values({ kind: "feed", name: "Earnings feed" })
      .returning({ id: sourcingSources.id });
    const [earning, idle] = await db().db.select().from(stores).orderBy(stores.name).limit(2);
    for (const store of [earning!, idle!]) {
      const made = await db()
        .db.insert(clicks)
        .values(Array.from({ length: 40 }, () => ({ kind: "deal", itemId: randomUUID(), storeId: store.id })))
        .returning({ id: clicks.id });
      if (store === earning)
        await importEarnings(
          db().db,
          "awin",
          made.slice(0, 3).map((click, index) => ({
            externalId: `epc-${index}`,
            status: "approved" as const,
            saleAmount: null,
            commission: 2,
            currency: "USD",
            transactedAt: new Date(),
            clickedAt: null,
            subId: click.id,
          })),
        );
    }
    await convertEarnings(db().db);
    await rollUpClicks(db().db);
    const offer = (store: typeof earning) => ({
      externalId: null,
      kind: "deal" as const,
      url: `https://epc.example/${store!.slug}`,
      title: `A kettle at ${store!.name}`,
      price: 20,
      merchant: store!.name,
    });
    await landOffers(db().db, { id: source!.id, kind: "feed" }, [offer(earning), offer(idle)], new Date());
    const landed = await db()
      .db.select({
        url: sourcingCandidates.url,
        score: sourcingCandidates.score,
        reasons: sourcingCandidates.scoreReasons,
      })
      .from(sourcingCandidates)
      .where(eq(sourcingCandidates.sourceId, source!.id));
    const byStore = Object.fromEntries(landed.map((row) => [row.url, row]));
    // $6 over 40 clicks: 15 cents a click, the most the score gives.
    expect(byStore[offer(earning).url]).toMatchObject({
      score: 8 + 15,
      reasons: ["Store clicked 40 times in 30 days", "Store earns $0.15 a click (90 days)"],
    });
    expect(byStore[offer(idle).url]).toMatchObject({ score: 8, reasons: ["Store clicked 40 times in 30 days"] });
  });

  it("scores an offer that was an item here by what that item earned per click", async () => {
    const [source] = await db()
      .db.insert(sourcingSources)
      .values({ kind: "feed", name: "Earned before feed" })
      .returning({ id: sourcingSources.id });
    const url = "https://earned.example/grinder";
    // The dearest deal: the offer's 30 is below its own lowest price.
    const [deal] = await db().db.select().from(deals).orderBy(desc(deals.currentPrice)).limit(1);
    await db().db.update(deals).set({ status: "archived" }).where(eq(deals.id, deal!.id));
    await db()
      .db.insert(sourcedItems)
      .values({ dealId: deal!.id, sourceId: source!.id, dedupeKey: offerKeyOf(url)! });
    // 20 clicks and one $4.00 sale: 20 cents a click.
    const made = await db()
      .db.insert(clicks)
      .values(Array.from({ length: 20 }, () => ({ kind: "deal", itemId: deal!.id })))
      .returning({ id: clicks.id });
    await importEarnings(db().db, "cj", [
      {
        externalId: "before-1",
        status: "approved",
        saleAmount: null,
        commission: 4,
        currency: "USD",
        transactedAt: new Date(),
        clickedAt: null,
        subId: made[0]!.id,
      },
    ]);
    await convertEarnings(db().db);
    await rollUpClicks(db().db);
    await landOffers(
      db().db,
      { id: source!.id, kind: "feed" },
      [{ externalId: null, kind: "deal", url, title: "Grinder", price: 30 }],
      new Date(),
    );
    const [landed] = await db()
      .db.select({ score: sourcingCandidates.score, reasons: sourcingCandidates.scoreReasons })
      .from(sourcingCandidates)
      .where(eq(sourcingCandidates.sourceId, source!.id));
    // 15 for earning 20 cents a click, 10 for being below the deal's own lowest price.
    expect(landed!.reasons).toEqual([
      "Earned $0.20 a click here (90 days)",
      `Below its lowest price in 90 days (${deal!.currentPrice!.toFixed(2)})`,
    ]);
    expect(landed!.score).toBe(15 + 10);
  });
});
