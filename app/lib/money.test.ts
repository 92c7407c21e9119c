import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";

describe("formatPrice", () => {
  it("always shows dollars with two decimals", () => {
    expect(formatPrice(80)).toBe("$80.00");
    expect(formatPrice(1096.99)).toBe("$1,096.99");
  });
});
