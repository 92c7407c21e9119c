import { describe, expect, it } from "vitest";

import { type AlertCriteria, type DealFacts, dealMatches, keywordsMatch, keywordsOf, titleStarts } from "./alert-match";

const matches = (keywords: string, title: string) => keywordsMatch(keywordsOf(keywords), titleStarts(title));

const alert = ({
  keywords = "",
  ...overrides
}: Partial<Omit<AlertCriteria, "terms">> & { keywords?: string } = {}): AlertCriteria => ({
  terms: keywordsOf(keywords),
  storeId: null,
  categoryId: null,
  maxPrice: null,
  minDiscount: null,
  ...overrides,
});
const deal = ({
  title = "Sony WH-1000XM5 Wireless Headphones",
  ...overrides
}: Partial<Omit<DealFacts, "titleStarts">> & { title?: string } = {}): DealFacts => ({
  titleStarts: titleStarts(title),
  storeId: "s1",
  categoryIds: ["c2", "c1"],
  price: 279.99,
  discount: 30,
  ...overrides,
});

describe("alert keywords", () => {
  it("match the way shoppers type: case, spaces and hyphens do not count", () => {
    for (const typed of [
      "wh1000xm5",
      "WH-1000XM5",
      "wh 1000xm5",
      "sony headphones",
      "Sony, wireless",
      "headphone",
      "sonywh",
    ]) {
      expect(matches(typed, "Sony WH-1000XM5 Wireless Headphones"), typed).toBe(true);
    }
  });

  it("need every keyword, each from the start of a word", () => {
    expect(matches("sony earbuds", "Sony WH-1000XM5 Wireless Headphones")).toBe(false);
    expect(matches("tv", "Fitness activity tracker")).toBe(false);
    expect(matches("tv", "Samsung 65-inch TVs on sale")).toBe(true);
    expect(matches("café", "Cafe espresso machine")).toBe(true);
  });
});

describe("an alert's other conditions", () => {
  it("hold the store, the category or its parent, the highest price and the lowest discount", () => {
    expect(
      dealMatches(alert({ keywords: "sony", storeId: "s1", categoryId: "c1", maxPrice: 300, minDiscount: 30 }), deal()),
    ).toBe(true);
    expect(dealMatches(alert({ storeId: "s2" }), deal())).toBe(false);
    expect(dealMatches(alert({ categoryId: "c3" }), deal())).toBe(false);
    expect(dealMatches(alert({ maxPrice: 279.98 }), deal())).toBe(false);
    expect(dealMatches(alert({ minDiscount: 31 }), deal())).toBe(false);
    expect(dealMatches(alert({ minDiscount: 10 }), deal({ discount: null }))).toBe(false);
    // No keywords with a store: every deal of that store.
    expect(dealMatches(alert({ storeId: "s1" }), deal({ title: "Anything at all" }))).toBe(true);
  });
});
