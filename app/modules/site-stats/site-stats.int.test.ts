import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, coupons, deals, itemVoteTallies, newsletterSubscribers } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { AUDIENCE_FIGURE_MIN, publicFigures } from "./public-figures";
import { siteStats } from "./site-stats.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

const counted = async (query: Promise<Array<{ n: number }>>) => (await query)[0]!.n;

describe("the home page's figures", () => {
  it("are the live deals and coupons, the click-outs and the newsletter readers, read again when content changes", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db()
      .insert(clicks)
      .values([
        { kind: "deal", itemId: deal!.id },
        { kind: "deal", itemId: deal!.id },
      ]);
    // Readers are the confirmed addresses (double opt-in): one confirmed, one still pending.
    await db()
      .insert(newsletterSubscribers)
      .values([{ email: "reader@example.com", state: "confirmed" }, { email: "asked@example.com" }]);
    forgetContentMemos();
    const liveDeals = await counted(
      db()
        .select({ n: sql<number>`count(*)::int` })
        .from(deals)
        .where(sql`status = 'published' and (expires_at is null or expires_at >= now())`),
    );
    const liveCoupons = await counted(
      db()
        .select({ n: sql<number>`count(*)::int` })
        .from(coupons)
        .where(sql`status = 'published' and (valid_until is null or valid_until >= now())`),
    );
    expect(await siteStats(db())).toEqual({ liveDeals, liveCoupons, verifiedCoupons: 0, clicksOut: 2, subscribers: 1 });
    expect(liveDeals).toBeGreaterThan(0);

    await db().update(deals).set({ status: "draft" }).where(eq(deals.id, deal!.id));
    expect((await siteStats(db())).liveDeals).toBe(liveDeals); // kept until content changes…
    forgetContentMemos();
    expect((await siteStats(db())).liveDeals).toBe(liveDeals - 1); // …then read again
  });

  it("count as verified only coupons the owner or shoppers found working in the last 30 days", async () => {
    const live = await db()
      .select()
      .from(coupons)
      .where(sql`status = 'published' and (valid_until is null or valid_until >= now())`)
      .limit(3);
    expect(live).toHaveLength(3);
    const day = 86_400_000;
    const [ownerNow, ownerLongAgo, shoppersSay] = live;
    await db().update(coupons).set({ verifiedAt: new Date() }).where(eq(coupons.id, ownerNow!.id));
    await db()
      .update(coupons)
      .set({ verifiedAt: new Date(Date.now() - 31 * day) })
      .where(eq(coupons.id, ownerLongAgo!.id));
    const tally = (itemId: string, worked: number, failed: number) => ({
      kind: "coupon",
      itemId,
      worked,
      failed,
      lastWorkedAt: new Date(Date.now() - day),
    });
    await db()
      .insert(itemVoteTallies)
      .values([tally(shoppersSay!.id, 5, 1), tally(ownerLongAgo!.id, 3, 0)]);
    forgetContentMemos();
    // The owner's check of today and five shoppers' answers count; a 31-day-old check and 3 answers do not.
    expect((await siteStats(db())).verifiedCoupons).toBe(2);
    await db().update(itemVoteTallies).set({ worked: 3, failed: 4 }).where(eq(itemVoteTallies.itemId, shoppersSay!.id));
    forgetContentMemos();
    expect((await siteStats(db())).verifiedCoupons).toBe(1);
  });
});

describe("the figures a public page shows", () => {
  const stats = { liveDeals: 3, liveCoupons: 2, verifiedCoupons: 1, clicksOut: 99, subscribers: 1 };
  it("leave out audience figures below the threshold the admin states", () => {
    expect(publicFigures(stats)).toEqual({ ...stats, clicksOut: 0, subscribers: 0 });
    const grown = { ...stats, clicksOut: AUDIENCE_FIGURE_MIN, subscribers: 5_000 };
    expect(publicFigures(grown)).toEqual(grown);
  });
});
