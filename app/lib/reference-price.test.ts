import { describe, expect, it } from "vitest";

import { type PricedDeal, shownReduction } from "./reference-price";

const deal = (overrides: Partial<PricedDeal>): PricedDeal => ({
  currentPrice: 80,
  originalPrice: 100,
  referencePriceKind: "owner",
  priorLowestPrice: null,
  amazonAsin: null,
  ...overrides,
});

describe("shownReduction outside the EU rules", () => {
  it("shows the reference price with its kind's label, the percent and the saving", () => {
    expect(shownReduction(deal({}), false)).toEqual({
      reference: 100,
      label: "Original price",
      percent: 20,
      saved: 20,
    });
    expect(shownReduction(deal({ referencePriceKind: "list" }), false)?.label).toBe("List price");
    expect(shownReduction(deal({ referencePriceKind: "was" }), false)?.label).toBe("Was");
    expect(shownReduction(deal({ referencePriceKind: "lowest_30" }), false)?.label).toBe("Lowest price in 30 days");
  });

  it("shows nothing when the reference is missing, lower, equal or all but equal", () => {
    expect(shownReduction(deal({ originalPrice: null }), false)).toBeNull();
    expect(shownReduction(deal({ originalPrice: 70 }), false)).toBeNull();
    expect(shownReduction(deal({ originalPrice: 80 }), false)).toBeNull();
    expect(shownReduction(deal({ currentPrice: 99.9 }), false)).toBeNull();
  });
});

describe("shownReduction under the EU rules", () => {
  it("measures against the recorded prior-30-day low, not the typed original price", () => {
    expect(shownReduction(deal({ priorLowestPrice: 90 }), true)).toEqual({
      reference: 90,
      label: "Lowest price in the 30 days before",
      percent: 11,
      saved: 10,
    });
  });

  it("shows no reduction without a prior-30-day low, whatever the typed kind", () => {
    for (const referencePriceKind of ["owner", "list", "was", "lowest_30"] as const)
      expect(shownReduction(deal({ referencePriceKind }), true)).toBeNull();
  });

  it("takes Amazon's own 30-day low for an Amazon item, and only that kind of Amazon's", () => {
    const amazon = { amazonAsin: "B0TEST0001", originalPrice: 95 };
    expect(shownReduction(deal({ ...amazon, referencePriceKind: "lowest_30" }), true)).toMatchObject({
      reference: 95,
      label: "Lowest price in 30 days",
    });
    expect(shownReduction(deal({ ...amazon, referencePriceKind: "list" }), true)).toBeNull();
    // A recorded low is never an Amazon item's reference: its prices are Amazon's, kept 24 hours.
    expect(shownReduction(deal({ ...amazon, referencePriceKind: "list", priorLowestPrice: 90 }), true)).toBeNull();
  });

  it("shows nothing when the prior low is not above the price", () => {
    expect(shownReduction(deal({ priorLowestPrice: 80 }), true)).toBeNull();
    expect(shownReduction(deal({ priorLowestPrice: 75 }), true)).toBeNull();
  });
});
