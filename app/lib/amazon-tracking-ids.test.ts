import { afterEach, describe, expect, it } from "vitest";

import {
  placementOfTrackingId,
  readTrackingIds,
  setAmazonTrackingIds,
  withAmazonTrackingId,
} from "./amazon-tracking-ids";
import { clickOutHref } from "./click-out";

afterEach(() => setAmazonTrackingIds({}));

describe("Amazon tracking IDs", () => {
  it("gives an Amazon link its placement's tracking ID in place of the saved tag", () => {
    setAmazonTrackingIds({ "deal-dashes": "site-deals-20", guide: "site-guides-20" });
    const saved = "https://www.amazon.com/dp/B0FAKE0001?tag=site-20&th=1";
    expect(clickOutHref("deal", "id-1", saved, "deal-dashes")).toBe(
      "https://www.amazon.com/dp/B0FAKE0001?tag=site-deals-20&th=1",
    );
    expect(clickOutHref("deal", "id-1", saved, "guide")).toContain("tag=site-guides-20");
    // A placement without one keeps the saved tag; other stores' links still go through /go/.
    expect(clickOutHref("deal", "id-1", saved, "search")).toBe(saved);
    expect(clickOutHref("deal", "id-1", "https://shop.example/x?tag=a", "deal-dashes")).toBe(
      "/go/deal/id-1?from=deal-dashes",
    );
  });

  it("leaves a short amzn.to link and a link without a placement as they are", () => {
    setAmazonTrackingIds({ "deal-page": "site-pages-20" });
    expect(withAmazonTrackingId("https://amzn.to/3abcDEF", "deal-page")).toBe("https://amzn.to/3abcDEF");
    expect(withAmazonTrackingId("https://www.amazon.com/dp/B0?tag=a-20", null)).toBe(
      "https://www.amazon.com/dp/B0?tag=a-20",
    );
  });

  it("reads only known placements with well-formed IDs from a stored or sent value", () => {
    expect(
      readTrackingIds({ "deal-page": "site-pages-20", nowhere: "x-20", guide: "bad id", search: 7, coupons: "" }),
    ).toEqual({ "deal-page": "site-pages-20" });
    expect(readTrackingIds(null)).toEqual({});
    expect(readTrackingIds("site-20")).toEqual({});
  });

  it("credits a report's tracking ID to its placement only when one placement uses it", () => {
    const ids = { "deal-dashes": "site-cards-20", search: "site-cards-20", guide: "site-guides-20" } as const;
    expect(placementOfTrackingId(ids, "SITE-GUIDES-20 ")).toBe("guide");
    expect(placementOfTrackingId(ids, "site-cards-20")).toBeNull();
    expect(placementOfTrackingId(ids, "site-20")).toBeNull();
  });
});
