import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  FAKE_AMAZON_KEYS,
  FAKE_CREATORS_CREDENTIALS,
  type FakeAmazon,
  startFakeAmazon,
} from "../../../tests/support/fake-amazon";
import { createAmazonApi, getProduct } from "./amazon-api.server";
import { AmazonApiError, type AmazonCredentials } from "./amazon-request.server";

const items = [
  { asin: "B0TESTAAAA", title: "Wireless Earbuds", price: 79.99, savingBasis: 99.99, rating: 4.5, reviews: 1200 },
  { asin: "B0TESTBBBB", title: "Desk Lamp", price: 25 },
  ...Array.from({ length: 13 }, (_, i) => ({
    asin: `B0BATCH${String(i).padStart(3, "0")}`,
    title: `Item ${i}`,
    price: 10 + i,
  })),
];

let fake: FakeAmazon;
beforeAll(async () => {
  fake = await startFakeAmazon({ items });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const creators = FAKE_CREATORS_CREDENTIALS;
const paapi: AmazonCredentials = {
  ...creators,
  api: "paapi",
  accessKey: FAKE_AMAZON_KEYS.accessKey,
  secretKey: FAKE_AMAZON_KEYS.secretKey,
};
const fast = () => ({ endpointOverride: fake.url, minIntervalMs: 0, backoffBaseMs: 10, backoffCapMs: 40 });

/** A clock whose waits return at once, advancing its time and recording how long each was asked to be. */
function recordingClock() {
  let now = 1_800_000_000_000;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<AmazonApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AmazonApiError);
  return error as AmazonApiError;
}

describe.each([
  ["Creators API", creators],
  ["PA-API 5.0", paapi],
])("%s", (_name, credentials) => {
  it("reads a product into the normalised shape, with the associate tag on the link", async () => {
    const product = await getProduct(createAmazonApi(credentials, fast()), "b0testaaaa");
    expect(product).toMatchObject({
      asin: "B0TESTAAAA",
      title: "Wireless Earbuds",
      currentPrice: 79.99,
      originalPrice: 99.99,
      savingsAmount: 20,
      availability: "In Stock",
      starRating: 4.5,
      totalReviews: 1200,
      imageUrl: "https://m.media-amazon.com/images/I/B0TESTAAAA.jpg",
    });
    expect(product.images).toEqual([product.imageUrl]);
    expect(new URL(product.affiliateUrl).searchParams.get("tag")).toBe("dealdash-20");
  });

  it("says when the ASIN is unknown", async () => {
    expect((await failure(getProduct(createAmazonApi(credentials, fast()), "B0NOTHERE0"))).kind).toBe("not-found");
  });

  it("refuses wrong credentials with a clear error", async () => {
    const wrong = { ...credentials, secretKey: "wrong-secret" };
    const error = await failure(getProduct(createAmazonApi(wrong, fast()), "B0TESTAAAA"));
    expect(error.kind).toBe("bad-credentials");
  });

  it("batches up to ten ASINs per call", async () => {
    const asins = items.map((item) => item.asin);
    const products = await createAmazonApi(credentials, fast()).getItems(asins);
    expect(products.size).toBe(items.length);
    expect(fake.requests.map((r) => r.asins.length)).toEqual([10, 5]);
  });

  it("backs off on 429 and 5xx, doubling the wait up to its cap, and then succeeds", async () => {
    fake.failNext(429, 2);
    fake.failNext(503, 2);
    const { clock, waits } = recordingClock();
    const api = createAmazonApi(credentials, {
      endpointOverride: fake.url,
      minIntervalMs: 0,
      backoffBaseMs: 1000,
      backoffCapMs: 5000,
      maxRetries: 4,
      clock,
    });
    const product = await getProduct(api, "B0TESTBBBB");
    expect(product.title).toBe("Desk Lamp");
    expect(fake.requests).toHaveLength(5);
    expect(waits).toEqual([1000, 2000, 4000, 5000]);
  });

  it("gives up with 'throttled' when Amazon keeps refusing", async () => {
    fake.failNext(429, 10);
    const error = await failure(getProduct(createAmazonApi(credentials, { ...fast(), maxRetries: 2 }), "B0TESTBBBB"));
    expect(error.kind).toBe("throttled");
  });

  it("times out a slow answer", async () => {
    fake.delayNext(500);
    const error = await failure(
      getProduct(createAmazonApi(credentials, { ...fast(), timeoutMs: 100, maxRetries: 0 }), "B0TESTBBBB"),
    );
    expect(error.kind).toBe("unavailable");
  });
});

describe("Creators API tokens and pacing", () => {
  it("reuses one token, and fetches a new one when Amazon rejects an expired token", async () => {
    const api = createAmazonApi(creators, fast());
    const before = fake.tokensIssued();
    await api.getItems(["B0TESTAAAA"]);
    await api.getItems(["B0TESTBBBB"]);
    expect(fake.tokensIssued() - before).toBe(1);
    fake.revokeTokens();
    expect((await getProduct(api, "B0TESTBBBB")).title).toBe("Desk Lamp");
    expect(fake.tokensIssued() - before).toBe(2);
  });

  it("queues requests to one per second per account instead of failing", async () => {
    const { clock, waits } = recordingClock();
    const api = createAmazonApi(creators, { endpointOverride: fake.url, clock });
    await Promise.all(["B0TESTAAAA", "B0TESTBBBB", "B0BATCH000"].map((asin) => getProduct(api, asin)));
    expect(fake.requests).toHaveLength(3);
    // The first goes at once; each later one waits out the second since the one before it started.
    expect(waits).toEqual([1000, 1000]);
  });
});
