import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, coupons, deals, newsletterSubscribers } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { forgetContentMemos } from "#app/platform/content-memo.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
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
    expect(await siteStats(db())).toEqual({ liveDeals, liveCoupons, clicksOut: 2, subscribers: 1 });
    expect(liveDeals).toBeGreaterThan(0);

    await db().update(deals).set({ status: "draft" }).where(eq(deals.id, deal!.id));
    expect((await siteStats(db())).liveDeals).toBe(liveDeals); // kept until content changes…
    forgetContentMemos();
    expect((await siteStats(db())).liveDeals).toBe(liveDeals - 1); // …then read again
  });
});
