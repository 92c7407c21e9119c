import { describe, expect, it } from "vitest";

import { withoutDefaultFilters } from "./listing-filters";

describe("listing URLs", () => {
  const defaults = { search: "", store: "all", sort: "newest", page: "1" };
  it("drop the filter parameters left at their defaults and keep the rest", () => {
    expect(
      withoutDefaultFilters(new URL("http://x/deal-dashes?search=&store=all&category=all&sort=newest"), {
        ...defaults,
        category: "all",
      }),
    ).toBe("/deal-dashes");
    expect(
      withoutDefaultFilters(new URL("http://x/deal-dashes?search=tv&store=all&sort=price-low&from=mail"), defaults),
    ).toBe("/deal-dashes?search=tv&sort=price-low&from=mail");
    expect(withoutDefaultFilters(new URL("http://x/deal-dashes?search=tv&page=2"), defaults)).toBeNull();
    expect(withoutDefaultFilters(new URL("http://x/deal-dashes"), defaults)).toBeNull();
  });
});
