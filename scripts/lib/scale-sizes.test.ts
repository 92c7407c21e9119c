import { describe, expect, it } from "vitest";

import { defaultScaleSizes } from "../../app/db/seed/scale-data.server";
import { scaleSizesFrom } from "./scale-sizes";

describe("the scale commands' sizes", () => {
  it("takes the sizes, the feed and the requests per page given, and the defaults for the rest", () => {
    const sizes = scaleSizesFrom(["--scale", "--deals", "1000000", "--feed", "500", "--requests", "400"]);
    expect(sizes).toEqual({ ...defaultScaleSizes, deals: 1_000_000, feed: 500, requests: 400 });
    expect(scaleSizesFrom([]).requests).toBeLessThan(400);
  });
});
