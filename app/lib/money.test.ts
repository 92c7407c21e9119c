import { describe, expect, it } from "vitest";

import { formatPrice, plainNumber } from "./money";

describe("formatPrice", () => {
  it("always shows dollars with two decimals", () => {
    expect(formatPrice(80)).toBe("$80.00");
    expect(formatPrice(1096.99)).toBe("$1,096.99");
  });
});

describe("plainNumber", () => {
  it("reads figures as a spreadsheet writes them, and refuses what is no number", () => {
    expect(
      ["$1,099.99", "1,099.99", " 1099.99 ", "USD 1,099.99", "1,099.99 USD", "$20", "-3"].map(plainNumber),
    ).toEqual(["1099.99", "1099.99", "1099.99", "1099.99", "1099.99", "20", "-3"]);
    expect(["abc", "", "1.2.3", "12abc", "$"].map(plainNumber)).toEqual([null, null, null, null, null]);
  });
});
