import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createAmazonApi } from "#app/modules/amazon/amazon-api.server";
import type { AmazonCredentials } from "#app/modules/amazon/amazon-request.server";

import {
  FAKE_CREATORS_CREDENTIALS,
  type FakeAmazon,
  type FakeItem,
  startFakeAmazon,
} from "../../../../tests/support/fake-amazon";
import { readAllOffers, refusalOf } from "../../../../tests/support/source-reads";
import { amazonSearchAdapter } from "./amazon-search.server";
import { amazonSearchSettingsSchema } from "./amazon-search-settings";

// A saved search read through the site's Amazon client from a local SearchItems that filters and pages as
// Amazon documents it.

const kettles: FakeItem[] = Array.from({ length: 25 }, (_, i) => ({
  asin: `B0KETTLE${String(i).padStart(2, "0")}`,
  title: `Steel kettle ${i}`,
  price: 20 + i,
  savingBasis: 40 + i,
  prime: i % 2 === 0,
}));
const items: FakeItem[] = [
  ...kettles,
  { asin: "B0KETTLEXA", title: "Glass kettle sold out", price: 30, savingBasis: 60, outOfStock: true },
  { asin: "B0KETTLEXB", title: "Glass kettle without an offer", price: 30, noOffer: true },
  {
    asin: "B0LIGHTNIN",
    title: "Lightning toaster",
    price: 15,
    savingBasis: 45,
    browseNode: "289913",
    dealEndsAt: "2026-12-01T14:00:00Z",
  },
];

let fake: FakeAmazon;
beforeAll(async () => {
  fake = await startFakeAmazon({ items });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const connection = (given: Partial<AmazonCredentials> = {}) => ({
  secret: null,
  allowPrivate: true,
  timeoutMs: 5_000,
  amazon: createAmazonApi(
    { ...FAKE_CREATORS_CREDENTIALS, ...given },
    { endpointOverride: fake.url, minIntervalMs: 0, backoffBaseMs: 1, backoffCapMs: 2 },
  ),
});
const search = (settings: Record<string, unknown>) => amazonSearchSettingsSchema.parse(settings);
const searches = () => fake.requests.filter((request) => request.path === "/catalog/v1/searchItems");

describe("an Amazon saved search", () => {
  it("asks SearchItems what the owner saved and reads the pages it allows as deals", async () => {
    const read = await readAllOffers(
      amazonSearchAdapter,
      search({ keywords: "kettle", minSavingPercent: 30, minPrice: 20, maxPrice: 200, prime: true, pages: 2 }),
      connection(),
    );
    expect(searches()[0]!.body).toMatchObject({
      keywords: "kettle",
      minSavingPercent: 30,
      minPrice: 2000,
      maxPrice: 20000,
      deliveryFlags: ["Prime"],
      sortBy: "Featured",
      itemCount: 10,
      itemPage: 1,
      partnerTag: "dealdash-20",
    });
    // 13 kettles on Prime save 30% or more: two pages of them, and no third request.
    expect(searches().map((request) => request.body.itemPage)).toEqual([1, 2]);
    expect(read.offers).toHaveLength(13);
    expect(read.offers[0]).toMatchObject({
      externalId: "B0KETTLE00",
      kind: "deal",
      title: "Steel kettle 0",
      price: 20,
      originalPrice: 40,
      merchant: "Amazon",
      affiliateUrl: "https://www.amazon.com/dp/B0KETTLE00?tag=dealdash-20",
    });
  });

  it("stops at the page count, leaves out what cannot be bought, and finds a lightning deal's end", async () => {
    const read = await readAllOffers(amazonSearchAdapter, search({ keywords: "kettle", pages: 3 }), connection());
    expect(searches()).toHaveLength(3);
    expect(read.offers).toHaveLength(25);
    expect(read.refused).toEqual(["B0KETTLEXA: nobody can buy it now", "B0KETTLEXB: no price"]);

    const lightning = await readAllOffers(amazonSearchAdapter, search({ browseNodeId: "289913" }), connection());
    expect(lightning.offers.map((offer) => [offer.externalId, offer.endsAt?.toISOString()])).toEqual([
      ["B0LIGHTNIN", "2026-12-01T14:00:00.000Z"],
    ]);
    // Nothing matching is no error: an empty run.
    expect((await readAllOffers(amazonSearchAdapter, search({ keywords: "unicorn" }), connection())).offers).toEqual(
      [],
    );
  });

  it("backs off when Amazon keeps limiting, and says when it refuses the credentials", async () => {
    fake.failNext(429, 4);
    const limited = await refusalOf(amazonSearchAdapter, search({ keywords: "kettle" }), connection());
    expect([limited.kind, limited.message]).toEqual([
      "rate-limited",
      "Amazon is limiting requests: the search runs again later",
    ]);
    const refused = await refusalOf(
      amazonSearchAdapter,
      search({ keywords: "kettle" }),
      connection({ secretKey: "wrong" }),
    );
    expect(refused.kind).toBe("credentials");
    const unset = await refusalOf(amazonSearchAdapter, search({ keywords: "kettle" }), {
      ...connection(),
      amazon: undefined,
    });
    expect(unset.message).toBe("Set up Amazon first: add your keys under Settings → Amazon");
  });

  it("asks for keywords or a browse node, and a price band the right way round", () => {
    const problems = amazonSearchSettingsSchema.safeParse({ minPrice: 50, maxPrice: 10, pages: 11 });
    expect(problems.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pages", "Between 1 and 10 pages"],
      ["keywords", "Enter keywords or a browse node id"],
      ["maxPrice", "The highest price is below the lowest"],
    ]);
  });
});
