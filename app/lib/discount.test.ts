import { describe, expect, it } from "vitest";

import { discountPercentage } from "./discount";

describe("discount", () => {
  it("rounds (original − current) / original × 100", () => {
    expect(discountPercentage(80, 100)).toBe(20);
    expect(discountPercentage(349.99, 449.99)).toBe(22);
    expect(discountPercentage(284.99, 399.99)).toBe(29);
  });
  it("is null without both prices", () => {
    expect(discountPercentage(80, null)).toBeNull();
    expect(discountPercentage(null, 100)).toBeNull();
  });
});
