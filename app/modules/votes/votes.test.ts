import { describe, expect, it } from "vitest";

import { voteResult } from "./votes";

describe("a vote's answer", () => {
  it("tell a shopper what others said once their answer is counted", () => {
    expect(voteResult("coupon", { worked: 1, failed: 0, expired: 0 })).toBe(
      "Thanks for letting us know. You are the first to answer.",
    );
    expect(voteResult("coupon", { worked: 2, failed: 2, expired: 0 })).toBe(
      "Thanks for letting us know. 4 shoppers have answered.",
    );
    expect(voteResult("coupon", { worked: 4, failed: 1, expired: 0 })).toBe(
      "Thanks! 4 of 5 shoppers say this code worked.",
    );
    expect(voteResult("coupon", { worked: 4, failed: 1, expired: 0 }, false)).toBe(
      "Thanks! 4 of 5 shoppers say it worked.",
    );
    expect(voteResult("deal", { worked: 0, failed: 0, expired: 3 })).toBe(
      "Thanks for letting us know. 3 shoppers have said it has expired.",
    );
  });
});
