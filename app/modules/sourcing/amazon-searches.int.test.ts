import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deals, sourcingCandidates, sourcingSources, stores } from "#app/db/schema";
import { configuredAmazonClient } from "#app/modules/amazon/amazon-service.server";
import { amazonSettingsSchema } from "#app/modules/amazon/amazon-settings.schema";
import { saveAmazonSettings } from "#app/modules/amazon/amazon-settings.server";
import { amazonUsageToday } from "#app/modules/amazon/amazon-usage.server";

import { FAKE_AMAZON_KEYS, type FakeAmazon, startFakeAmazon } from "../../../tests/support/fake-amazon";
import { actor, seedDemoWithActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { approveCandidates } from "./approve.server";
import { purgeAmazonDetails, queueTip } from "./candidates.server";
import { amazonSourceSchema } from "./source.schema";
import { runSource, saveSource } from "./sources.server";

// Saved searches run through the site's Amazon account against a local Creators API: each product lands
// once, every request counts against the owner's daily budget, and Amazon's details leave after 24 hours.

const db = testDatabasePerFile(seedDemoWithActor);
const appSecret = "a".repeat(32);
const HOUR = 3_600_000;
let fake: FakeAmazon;

beforeAll(async () => {
  fake = await startFakeAmazon({
    items: [
      ...Array.from({ length: 25 }, (_, i) => ({
        asin: `B0KETTLE${String(i).padStart(2, "0")}`,
        title: `Steel kettle ${i}`,
        price: 20 + i,
        savingBasis: 40 + i,
      })),
      { asin: "B0TOASTER1", title: "Chrome toaster", price: 30, savingBasis: 50 },
    ],
  });
});
afterAll(() => fake.close());

const context = () => ({
  appSecret,
  allowPrivate: true,
  timeoutMs: 10_000,
  endpoints: { amazon: fake.url },
  amazonOptions: { minIntervalMs: 0, backoffBaseMs: 1, backoffCapMs: 2 },
});
const setUpAmazon = (dailyRequestBudget: number) =>
  saveAmazonSettings(
    db().db,
    actor,
    amazonSettingsSchema(false).parse({
      accessKey: FAKE_AMAZON_KEYS.clientId,
      secretKey: FAKE_AMAZON_KEYS.clientSecret,
      associateTag: "dealdash-20",
      dailyRequestBudget,
    }),
    appSecret,
  );
async function addSearch(keywords: string, pages: number) {
  const input = amazonSourceSchema.parse({
    name: keywords,
    everyMinutes: "240",
    enabled: true,
    settings: { keywords, pages },
  });
  return (await saveSource(db().db, appSecret, { kind: "amazon" }, input, actor))!;
}
const candidatesOf = (id: string) =>
  db().db.select().from(sourcingCandidates).where(eq(sourcingCandidates.sourceId, id));

describe("Amazon saved searches", () => {
  it("land each product once, count their requests, and stop for the day when the budget is spent", async () => {
    await setUpAmazon(5);
    const id = await addSearch("kettle", 3);
    const before = (await amazonUsageToday(db().db)).used;
    const start = new Date();
    expect(await runSource(db().db, id, context(), start)).toMatchObject({ read: 25, queued: 25, error: null });
    const [amazon] = await db().db.select({ id: stores.id }).from(stores).where(eq(stores.slug, "amazon"));
    const landed = await candidatesOf(id);
    expect(landed.map((row) => row.dedupeKey)).toContain("asin:B0KETTLE00");
    expect(new Set(landed.map((row) => row.storeId))).toEqual(new Set([amazon!.id]));
    expect(await amazonUsageToday(db().db)).toEqual({ used: before + 3, budget: 5 });

    // Four hours on: the same products are brought up to date, none twice, until the budget runs out.
    const later = new Date(start.getTime() + 4 * HOUR + 60_000);
    const again = await runSource(db().db, id, context(), later);
    expect(again).toMatchObject({ queued: 0, updated: 20 });
    expect(again?.error).toBe("Amazon's request budget for today is spent (5 of 5): searches run again tomorrow");
    expect(await candidatesOf(id)).toHaveLength(25);
    const [row] = await db().db.select().from(sourcingSources).where(eq(sourcingSources.id, id));
    // Not due again until the budget is new (the next UTC midnight).
    const midnight = new Date(row!.lastFinishedAt!);
    midnight.setUTCHours(24, 0, 0, 0);
    expect(row!.nextRunAt!.getTime()).toBeGreaterThanOrEqual(midnight.getTime());
  });

  it("keep only the ASIN, source and score past 24 hours, and read the details again on approval", async () => {
    await setUpAmazon(100);
    const id = await addSearch("toaster", 1);
    const start = new Date();
    await runSource(db().db, id, context(), start);
    const [fresh] = await candidatesOf(id);
    expect(fresh).toMatchObject({ title: "Chrome toaster", price: 30, originalPrice: 50 });

    expect(await purgeAmazonDetails(db().db, new Date(start.getTime() + 23 * HOUR))).toBe(0);
    expect(await purgeAmazonDetails(db().db, new Date(start.getTime() + 25 * HOUR))).toBeGreaterThanOrEqual(1);
    const [purged] = await candidatesOf(id);
    expect(purged).toMatchObject({
      dedupeKey: "asin:B0TOASTER1",
      title: null,
      imageUrl: null,
      price: null,
      originalPrice: null,
      score: fresh!.score,
      sourceId: id,
    });

    const amazon = await configuredAmazonClient(db().db, appSecret, {
      ...context().amazonOptions,
      endpointOverride: fake.url,
    });
    const approval = await approveCandidates(db().db, [purged!.id], { publish: false, actor, amazon });
    expect(approval.approved).toHaveLength(1);
    const [deal] = await db().db.select().from(deals).where(eq(deals.id, approval.approved[0]!.itemId));
    expect(deal).toMatchObject({
      title: "Chrome toaster",
      currentPrice: 30,
      amazonAsin: "B0TOASTER1",
      status: "draft",
    });
  });

  it("say of a shopper's Amazon tip Amazon does not list that it does not list it, not that it stopped", async () => {
    await setUpAmazon(100);
    await queueTip(db().db, { url: "https://www.amazon.com/dp/B0NEVERLST", title: "A tipped gadget" });
    const [tip] = await db()
      .db.select()
      .from(sourcingCandidates)
      .where(eq(sourcingCandidates.dedupeKey, "asin:B0NEVERLST"));
    const amazon = await configuredAmazonClient(db().db, appSecret, {
      ...context().amazonOptions,
      endpointOverride: fake.url,
    });
    const approval = await approveCandidates(db().db, [tip!.id], { publish: false, actor, amazon });
    expect(approval.needsEditing).toEqual([
      { id: tip!.id, title: "A tipped gadget", missing: "Amazon's current details (Amazon does not list it)" },
    ]);
  });
});
