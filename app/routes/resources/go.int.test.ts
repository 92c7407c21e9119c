import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clicks, deals, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { setAmazonTrackingIds } from "#app/lib/amazon-tracking-ids";
import { saveAmazonTrackingIds } from "#app/modules/amazon/amazon-settings.server";
import { applySiteFormats } from "#app/modules/site-settings/site-formats.server";

import { actor, insertActor } from "../../../tests/support/fixtures";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { loader } from "./go";

const database = testDatabasePerFile(async (t) => {
  await seedDemoContent(t.db);
  await insertActor(t.db);
});
const db = () => database().db;

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Follows a deal's click-out as a shopper (or a bot) would, and answers where it sends them. */
async function clickOut(dealId: string, userAgent = BROWSER): Promise<URL> {
  const response = (await loader({
    context: testContext(database()),
    request: new Request(`http://localhost/go/deal/${dealId}?from=deal-dashes`, {
      headers: { "user-agent": userAgent },
    }),
    params: { kind: "deal", id: dealId },
  } as never)) as Response;
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function liveDealWith(affiliateUrl: string) {
  const [deal] = await db()
    .select({ id: deals.id, storeId: deals.storeId })
    .from(deals)
    .where(eq(deals.status, "published"))
    .limit(1);
  await db().update(deals).set({ affiliateUrl, expiresAt: null, publishAt: null }).where(eq(deals.id, deal!.id));
  return deal!;
}

const lastClickId = async () =>
  (await db().select({ id: clicks.id }).from(clicks).orderBy(desc(clicks.createdAt)).limit(1))[0]?.id;

describe("a click-out's sub-ID", () => {
  it("carries the counted click's id in the network's parameter, unless the store keeps it out", async () => {
    const deal = await liveDealWith(
      "https://www.awin1.com/cread.php?awinmid=1001&awinaffid=42&ued=https%3A%2F%2Fshop.example",
    );
    const sent = await clickOut(deal.id);
    expect(sent.searchParams.get("clickref")).toBe(await lastClickId());
    expect(sent.searchParams.get("awinmid")).toBe("1001");

    await db().update(stores).set({ clickIdsOff: true }).where(eq(stores.id, deal.storeId));
    try {
      expect((await clickOut(deal.id)).searchParams.has("clickref")).toBe(false);
    } finally {
      await db().update(stores).set({ clickIdsOff: false }).where(eq(stores.id, deal.storeId));
    }
  });

  it("fills the owner's {click_id} placeholder, and empties it for a click not counted (a bot's)", async () => {
    const deal = await liveDealWith("https://partner.example/t?ref={click_id}&to=shop");
    expect((await clickOut(deal.id)).searchParams.get("ref")).toBe(await lastClickId());
    const before = await lastClickId();
    const bot = await clickOut(deal.id, "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(bot.searchParams.get("ref")).toBe("");
    expect(await lastClickId()).toBe(before);
  });

  it("sends an Amazon link with its placement's tracking ID, the way Amazon's reports tell placements apart", async () => {
    const deal = await liveDealWith("https://www.amazon.com/dp/B0FAKE0001?tag=site-20");
    await saveAmazonTrackingIds(db(), actor, { "deal-dashes": "site-deals-20" });
    try {
      await applySiteFormats(db());
      expect((await clickOut(deal.id)).searchParams.get("tag")).toBe("site-deals-20");
    } finally {
      setAmazonTrackingIds({});
    }
  });
});
