import { describe, expect, it } from "vitest";

import { cleanRequestUrl } from "./request-url";

describe("cleanRequestUrl", () => {
  it("leaves ordinary URLs alone", () => {
    expect(cleanRequestUrl("/deal-dashes?search=tv&store=acme")).toBe("/deal-dashes?search=tv&store=acme");
    expect(cleanRequestUrl("/gift-ideas/caf%C3%A9")).toBe("/gift-ideas/caf%C3%A9");
  });

  it("has no page for a path holding NUL or a broken escape", () => {
    expect(cleanRequestUrl("/gift-ideas/%00")).toBeNull();
    expect(cleanRequestUrl("/gift-ideas/a%00b?x=1")).toBeNull();
    expect(cleanRequestUrl("/gift-ideas/%E0%A4%A")).toBeNull();
  });

  it("drops only the query parameters holding NUL", () => {
    expect(cleanRequestUrl("/deal-dashes?search=%00&sort=popular")).toBe("/deal-dashes?sort=popular");
    expect(cleanRequestUrl("/coupons?store=%00")).toBe("/coupons");
    expect(cleanRequestUrl("/coupons?a%00=1&b=2")).toBe("/coupons?b=2");
  });
});
