import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readAllOffers, refusalOf } from "../../../../tests/support/source-reads";
import { feedAdapter, MAX_FEED_BYTES } from "./feed.server";
import { type FeedSettings, feedSettingsSchema } from "./feed-settings";
import type { SourceError } from "./source-adapter";

// The generic feed against a local server that answers as feeds do: CSV and JSON documents, a web page
// where a feed should be, a 429, a refusal, and a feed of 50 MB sent as it is made.

const CSV = [
  "Offer ID,Name,Link,Tracking link,Image,Price,Was,Brand,Expires",
  "A1,Blender pro,https://shop.example/blender?utm_source=x,https://track.example/c?o=1,https://shop.example/b.jpg,$59.99,$99.99,Shop One,2026-12-31",
  "A2,,https://shop.example/no-title,,,10,,Shop One,",
  'A3,"Kettle, steel",https://shop.example/kettle,,,"1,299.00",,Shop Two,not a date',
  "A4,Toaster,ftp://shop.example/toaster,,,5,,Shop One,",
  "A5,Mixer,https://shop.example/mixer,,,cheap,,Shop One,",
].join("\n");

const JSON_FEED = JSON.stringify({
  meta: { count: 2 },
  data: {
    promotions: [
      {
        id: 77,
        title: "20% off sitewide",
        landing: "https://shop.example/",
        code: "SAVE20",
        merchant: { name: "Shop One" },
        ends: "2026-12-01T00:00:00Z",
      },
      {
        id: 78,
        title: "£10 off orders over £50",
        landing: "https://shop.example/sale",
        merchant: { name: "Shop One" },
      },
    ],
  },
});

const BIG_ROW = (n: number) =>
  `B${n},Big feed item ${n} ${"x".repeat(15_000)},https://shop.example/big/${n},,,${(n % 500) + 1}.99,,Shop One,\n`;
const BIG_ROWS = Math.ceil((50 * 1024 * 1024) / BIG_ROW(1).length);
const bigFeed = () =>
  Buffer.from(`${CSV.split("\n")[0]}\n${Array.from({ length: BIG_ROWS }, (_, n) => BIG_ROW(n)).join("")}`);

let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    switch (request.url) {
      case "/offers.csv":
        return void response.writeHead(200, { "content-type": "text/csv" }).end(CSV);
      case "/redirect":
        return void response.writeHead(302, { location: "/offers.csv" }).end();
      case "/promotions.json":
        return void response.writeHead(200, { "content-type": "application/json" }).end(JSON_FEED);
      case "/page":
        return void response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Log in</p>");
      case "/page-as-text":
        return void response
          .writeHead(200, { "content-type": "text/plain" })
          .end("\n  <html><body>Moved</body></html>");
      case "/busy":
        return void response.writeHead(429, { "retry-after": "120" }).end();
      case "/locked":
        return void response.writeHead(401).end();
      case "/broken.json":
        return void response
          .writeHead(200, { "content-type": "application/json" })
          .end('[{"Name":"A","Link":"https://a.example/"},{"Name":');
      case "/big.csv": {
        // Sent a megabyte at a time as the reader takes it, as a network would.
        response.writeHead(200, { "content-type": "text/csv" });
        const body = bigFeed();
        let at = 0;
        const more = () => {
          while (at < body.length)
            if (!response.write(body.subarray(at, (at += 1024 * 1024)))) return void response.once("drain", more);
          response.end();
        };
        return more();
      }
      case "/endless.csv": {
        response.writeHead(200, { "content-type": "text/csv" });
        response.write("Offer ID,Name,Link,Tracking link,Image,Price,Was,Brand,Expires\n");
        const chunk = BIG_ROW(1).repeat(1000);
        const more = () => {
          while (!response.destroyed) if (!response.write(chunk)) return void response.once("drain", more);
        };
        response.on("error", () => {});
        return more();
      }
      default:
        return void response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const connection = { secret: null, allowPrivate: true, timeoutMs: 10_000 };

const csvSettings = (path: string, mapping: Record<string, string> = {}): FeedSettings =>
  feedSettingsSchema.parse({
    url: `${base}${path}`,
    kind: "deal",
    mapping: {
      id: "Offer ID",
      title: "Name",
      url: "Link",
      affiliateUrl: "Tracking link",
      imageUrl: "Image",
      price: "Price",
      originalPrice: "Was",
      merchant: "Brand",
      endsAt: "Expires",
      ...mapping,
    },
  });

const readAll = (settings: FeedSettings) => readAllOffers(feedAdapter, settings, connection);
const refusal = (settings: FeedSettings) => refusalOf(feedAdapter, settings, connection);

describe("a generic feed", () => {
  it("reads a CSV feed by its mapping, refusing the rows that cannot be offers and saying why", async () => {
    const { offers, refused } = await readAll(csvSettings("/redirect"));
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      externalId: "A1",
      kind: "deal",
      title: "Blender pro",
      url: "https://shop.example/blender?utm_source=x",
      affiliateUrl: "https://track.example/c?o=1",
      imageUrl: "https://shop.example/b.jpg",
      price: 59.99,
      originalPrice: 99.99,
      merchant: "Shop One",
    });
    expect(offers[0]!.endsAt?.toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(offers[1]).toMatchObject({ title: "Kettle, steel", price: 1299, merchant: "Shop Two", endsAt: null });
    expect(refused).toEqual(["Row 3: no title", "Row 5: no web address", 'Row 6: the price "cheap" is not an amount']);
  });

  it("reads a JSON feed's list where the settings say it is, with keys inside objects", async () => {
    const settings = feedSettingsSchema.parse({
      url: `${base}/promotions.json`,
      kind: "coupon",
      itemsPath: "data.promotions",
      mapping: {
        id: "id",
        title: "title",
        url: "landing",
        couponCode: "code",
        merchant: "merchant.name",
        endsAt: "ends",
      },
    });
    const { offers } = await readAll(settings);
    expect(offers).toEqual([
      expect.objectContaining({
        externalId: "77",
        couponCode: "SAVE20",
        discountType: "percentage",
        discountValue: 20,
        merchant: "Shop One",
      }),
      expect.objectContaining({ externalId: "78", couponCode: null, discountType: "fixed", discountValue: 10 }),
    ]);
  });

  it("refuses what is not a feed, with a message the owner can act on", async () => {
    expect((await refusal(csvSettings("/page"))).message).toBe(
      "The feed's address answered with a web page, not a CSV or JSON feed",
    );
    expect((await refusal(csvSettings("/page-as-text"))).message).toBe(
      "The feed's address answered with a web page, not a CSV or JSON feed",
    );
    expect((await refusal(csvSettings("/offers.csv", { price: "Cost", originalPrice: "RRP" }))).message).toBe(
      'The mapping names columns the feed does not have: "Cost" (Price), "RRP" (Original price)',
    );
    expect((await refusal(csvSettings("/broken.json", {}))).kind).toBe("bad-feed");
    const busy = await refusal(csvSettings("/busy"));
    expect(busy).toMatchObject({ kind: "rate-limited", retryAfterMs: 120_000 });
    expect((await refusal(csvSettings("/locked"))).kind).toBe("credentials");
    expect((await refusal(csvSettings("/nothing-here"))).message).toBe("The feed answered 404 Not Found");
    // The public-address guard: a feed may not be read from this machine's network.
    const guarded = await (async () => {
      try {
        for await (const _ of feedAdapter.read(csvSettings("/offers.csv"), { ...connection, allowPrivate: false }))
          break;
      } catch (error) {
        return error as SourceError;
      }
    })();
    expect(guarded?.message).toBe("The feed's address points to a private network address");
  });

  it("reads a 50 MB feed as it arrives, in batches", async () => {
    let batches = 0;
    let offers = 0;
    for await (const batch of feedAdapter.read(csvSettings("/big.csv"), connection)) {
      batches++;
      offers += batch.offers.length;
    }
    expect(offers).toBe(BIG_ROWS);
    expect(batches).toBeGreaterThan(BIG_ROWS / 500);
  }, 120_000);

  it("stops a feed larger than the limit", async () => {
    expect(MAX_FEED_BYTES).toBeGreaterThan(50 * 1024 * 1024);
    const stopped = await (async () => {
      try {
        for await (const _ of feedAdapter.read(csvSettings("/endless.csv"), {
          ...connection,
          maxBytes: 4 * 1024 * 1024,
        }));
      } catch (error) {
        return error as SourceError;
      }
    })();
    expect(stopped?.message).toBe("The feed is larger than 4 MB");
  });
});
