import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FAKE_IMPACT, type FakeImpact, impactAd as ad, startFakeImpact } from "../../../../tests/support/fake-impact";
import { fakeConnection, readAllOffers, refusalOf } from "../../../../tests/support/source-reads";
import { impactAdapter } from "./impact.server";
import { type ImpactSettings, impactSettingsSchema } from "./impact-settings";
import type { SourceConnection } from "./source-adapter";

// impact.com's Partner API, spoken by a local fake (tests/support/fake-impact.ts).

let fake: FakeImpact;
beforeAll(async () => (fake = await startFakeImpact()));
afterAll(() => fake.close());

const settings = (values: Record<string, string> = {}): ImpactSettings =>
  impactSettingsSchema.parse({ accountSid: FAKE_IMPACT.accountSid, ...values });
const connection = (secret: string | null = FAKE_IMPACT.token): SourceConnection => fakeConnection(fake.url, secret);
const refusal = (link: SourceConnection) => refusalOf(impactAdapter, settings(), link);

describe("Impact's coupon ads", () => {
  it("follows every page of coupon ads as coupons with their codes, discounts and tracking links, and says which it refused", async () => {
    fake.ads = [
      ...Array.from({ length: 2099 }, (_, n) => ad(n)),
      ad(3000, { DealName: "", Name: "" }),
      ad(3001, { LandingPageUrl: "", TrackingLink: "not an address" }),
      ad(3002, { DealState: "EXPIRED" }),
      ad(3003, { Type: "BANNER" }),
    ];
    fake.queries.length = 0;
    const { offers, refused } = await readAllOffers(impactAdapter, settings(), connection());
    expect(offers).toHaveLength(2099);
    expect(refused).toEqual(["Ad 8000: no title", "Ad 8001: no web address"]);
    expect(fake.queries.map((query) => [query.get("Type"), query.get("PageSize"), query.get("Page")])).toEqual([
      ["COUPON", "1000", null],
      ["COUPON", "1000", "2"],
      ["COUPON", "1000", "3"],
    ]);
    expect(offers[1]).toEqual({
      externalId: "5001",
      kind: "coupon",
      url: "https://shop-one.example/deals/1",
      title: "Deal 1",
      description: "Offer 1 on everything",
      affiliateUrl: "https://shop-one.pxf.io/c/1924609/5001/27154",
      couponCode: "IMPACT1",
      discountType: "percentage",
      discountValue: 11,
      startsAt: new Date("2026-11-01T08:00:00Z"),
      endsAt: new Date("2027-02-01T07:59:59Z"),
      merchant: "Shop One",
    });
    expect(offers[0]).toMatchObject({ couponCode: null, discountType: "fixed", discountValue: 15 });
  });

  it("reads one program when asked, and refuses a missing or wrong token and a busy answer with why", async () => {
    fake.ads = [ad(1), ad(2, { CampaignId: "999" })];
    const one = await readAllOffers(impactAdapter, settings({ campaignId: "999" }), connection());
    expect(one.offers.map((offer) => offer.externalId)).toEqual(["5002"]);
    expect((await refusal(connection(null))).message).toBe("Impact needs your auth token: add it to the source");
    expect(await refusal(connection("wrong-token"))).toMatchObject({
      kind: "credentials",
      message: "Impact refused the credentials (401 Unauthorized): check them",
    });
    fake.busy = true;
    try {
      expect(await refusal(connection())).toMatchObject({ kind: "rate-limited", retryAfterMs: 120_000 });
    } finally {
      fake.busy = false;
    }
  });
});
