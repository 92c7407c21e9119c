import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  awinPromotion as promotion,
  FAKE_AWIN,
  type FakeAwin,
  startFakeAwin,
} from "../../../../tests/support/fake-awin";
import { fakeConnection, readAllOffers, refusalOf } from "../../../../tests/support/source-reads";
import { awinAdapter } from "./awin.server";
import { type AwinSettings, awinSettingsSchema } from "./awin-settings";
import type { SourceConnection } from "./source-adapter";

// Awin's Offers API, spoken by a local fake (tests/support/fake-awin.ts).

let fake: FakeAwin;
beforeAll(async () => (fake = await startFakeAwin()));
afterAll(() => fake.close());

const settings = (values: Record<string, string> = {}): AwinSettings =>
  awinSettingsSchema.parse({ publisherId: FAKE_AWIN.publisherId, regionCodes: "gb, ie", ...values });
const connection = (secret: string | null = FAKE_AWIN.token): SourceConnection => fakeConnection(fake.url, secret);

const readAll = (awin: AwinSettings) => readAllOffers(awinAdapter, awin, connection());
const refusal = (link: SourceConnection) => refusalOf(awinAdapter, settings(), link);

describe("Awin's offers", () => {
  it("reads every page of active offers as coupons, codes and tracking links included, and says which it refused", async () => {
    fake.offers = [
      ...Array.from({ length: 449 }, (_, n) => promotion(n)),
      promotion(900, { title: "" }),
      promotion(901, { url: "not an address", urlTracking: null }),
    ];
    fake.bodies.length = 0;
    const { offers: read, refused } = await readAll(settings());
    expect(read).toHaveLength(449);
    expect(refused).toEqual(["Offer 1900: no title", "Offer 1901: no web address"]);
    expect(fake.bodies).toHaveLength(3);
    expect(fake.bodies[0]).toEqual({
      filters: { membership: "joined", status: "active", type: "all", regionCodes: ["GB", "IE"] },
      pagination: { page: 1, pageSize: 200 },
    });
    expect(read[1]).toEqual({
      externalId: "1001",
      kind: "coupon",
      url: "https://shop-one.example/sale/1",
      title: "11% off offer 1",
      description: "On everything Minimum spend applies.",
      affiliateUrl: promotion(1).urlTracking,
      couponCode: "SAVE1",
      discountType: "percentage",
      discountValue: 11,
      startsAt: new Date("2026-11-01T00:00:00Z"),
      endsAt: new Date("2026-12-31T23:59:00Z"),
      merchant: "Shop One",
    });
    expect(read[0]).toMatchObject({ externalId: "1000", couponCode: null });
  });

  it("says when the token is missing or refused, or Awin asks to slow down", async () => {
    fake.offers = [promotion(1)];
    expect((await refusal(connection(null))).message).toBe("Awin needs your API token: add it to the source");
    const refused = await refusal(connection("wrong-token"));
    expect(refused).toMatchObject({ kind: "credentials" });
    expect(refused.message).toBe("Awin refused the credentials (401 Unauthorized): check them");
    fake.busy = true;
    try {
      expect(await refusal(connection())).toMatchObject({ kind: "rate-limited", retryAfterMs: 60_000 });
    } finally {
      fake.busy = false;
    }
  });
});
