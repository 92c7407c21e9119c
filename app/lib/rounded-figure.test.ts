import { describe, expect, it } from "vitest";

import { roundedDown } from "./rounded-figure";

describe("a rounded figure", () => {
  it("rounds down to its leading digit and says '+' when it dropped something", () => {
    expect([0, 7, 10, 24, 137, 1_234, 72_089, 1_000_000].map(roundedDown)).toEqual([
      "0",
      "7",
      "10",
      "20+",
      "100+",
      "1,000+",
      "70,000+",
      "1,000,000",
    ]);
  });
});
