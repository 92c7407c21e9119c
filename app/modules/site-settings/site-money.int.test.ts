import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { deals, mailOutbox, newsletterSubscribers, siteSettings, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import {
  DEFAULT_MONEY,
  formatPrice,
  setSiteFollowsEuRules,
  setSiteMoney,
  siteFollowsEuRules,
  siteMoney,
} from "#app/lib/money";
import { amazonSettingsSchema } from "#app/modules/amazon/amazon-settings.schema";
import { saveAmazonSettings } from "#app/modules/amazon/amazon-settings.server";
import { DIGEST_JOB, setDigestSchedule } from "#app/modules/newsletter/digest-schedule.server";
import { itemsOf } from "#app/modules/webhooks/webhook-bodies.server";

import { backgroundJobs } from "../../../server/background-jobs";
import { actor, insertActor } from "../../../tests/support/fixtures";
import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { readSiteMoney, saveSiteMoney } from "./money.server";
import { applySiteFormats } from "./site-formats.server";

const database = testDatabasePerFile(async (t) => {
  await insertActor(t.db);
  await seedDemoContent(t.db);
});
const db = () => database().db;

const chooseMarketplace = (marketplace: string) =>
  saveAmazonSettings(
    db(),
    actor,
    amazonSettingsSchema(true).parse({
      accessKey: "cred-id",
      secretKey: "super-secret-9876",
      associateTag: "dealdash-21",
      marketplace,
    }),
    testContext(database()).appSecret,
  );

afterEach(async () => {
  setSiteMoney(DEFAULT_MONEY);
  setSiteFollowsEuRules(false);
  await db().delete(siteSettings).where(eq(siteSettings.key, "money"));
  await db().update(stores).set({ apiConfig: {} }).where(eq(stores.slug, "amazon"));
});

describe("the site's currency", () => {
  it("is US dollars in en-US until an Amazon marketplace or the owner chooses, and follows the marketplace", async () => {
    expect(await readSiteMoney(db())).toMatchObject({ currency: "USD", locale: "en-US", source: "default" });
    await chooseMarketplace("www.amazon.de");
    expect(await readSiteMoney(db())).toMatchObject({
      currency: "EUR",
      locale: "de-DE",
      euPriceRules: true,
      source: "amazon",
    });
    await chooseMarketplace("www.amazon.co.uk");
    expect(await readSiteMoney(db())).toMatchObject({ currency: "GBP", euPriceRules: false, source: "amazon" });
  });

  it("is the owner's choice once made, EU rules by the currency unless set, and refuses what the runtime does not know", async () => {
    await chooseMarketplace("www.amazon.de");
    expect(await saveSiteMoney(db(), { currency: "SEK", locale: "sv-SE", euPriceRules: null }, actor)).toBe(true);
    expect(await readSiteMoney(db())).toMatchObject({ currency: "SEK", euPriceRules: true, source: "owner" });
    await saveSiteMoney(db(), { currency: "USD", locale: "en-US", euPriceRules: true }, actor);
    expect(await readSiteMoney(db())).toMatchObject({ currency: "USD", euPriceRules: true, euPriceRulesChosen: true });
    expect(await saveSiteMoney(db(), { currency: "XXY", locale: "en-US", euPriceRules: null }, actor)).toBe(false);
    expect(await saveSiteMoney(db(), { currency: "EUR", locale: "nope nope", euPriceRules: null }, actor)).toBe(false);
    expect(await readSiteMoney(db())).toMatchObject({ currency: "USD" });
  });

  it("is what every background job writes prices in: an amazon.de site's digest mail and webhook news say €", async () => {
    await chooseMarketplace("www.amazon.de");
    await setDigestSchedule(db(), "weekly");
    await db().insert(newsletterSubscribers).values({ email: "leser@example.com", state: "confirmed" });
    const digest = backgroundJobs(testContext(database()), database().driver).find((job) => job.name === DIGEST_JOB)!;
    expect(await digest.run({})).toMatchObject({ written: 1 });
    expect(siteMoney()).toEqual({ currency: "EUR", locale: "de-DE" });
    expect(siteFollowsEuRules()).toBe(true);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "leser@example.com"));
    expect(mail!.html).toMatch(/\d,\d\d\u00a0€ at /);
    // No price in dollars (a coupon's own title may still say "$50 Off").
    expect(`${mail!.html}${mail!.text}`).not.toMatch(/\$[\d,]+\.\d\d/);

    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const [news] = await itemsOf(db(), "deal", [deal!.id]);
    expect(news!.summary).toContain(formatPrice(deal!.currentPrice));
    expect(news!.summary).toMatch(/€/);
  });

  it("is set for the process by applySiteFormats, as requests and jobs do", async () => {
    await saveSiteMoney(db(), { currency: "JPY", locale: "ja-JP", euPriceRules: false }, actor);
    await applySiteFormats(db());
    expect(formatPrice(1500)).toBe("￥1,500");
    expect(siteFollowsEuRules()).toBe(false);
  });
});
