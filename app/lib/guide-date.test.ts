import { describe, expect, it } from "vitest";

import { guideDate } from "./guide-date";

describe("a guide's age", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms);
  it("says 'Just now', then minutes, hours and days, then the date", () => {
    expect(guideDate(before(20_000), now)).toBe("Just now");
    expect(guideDate(before(60_000), now)).toBe("1 minute ago");
    expect(guideDate(before(59 * 60_000), now)).toBe("59 minutes ago");
    expect(guideDate(before(3_600_000), now)).toBe("1 hour ago");
    expect(guideDate(before(5 * 3_600_000), now)).toBe("5 hours ago");
    expect(guideDate(before(30 * 3_600_000), now)).toBe("1 day ago");
    expect(guideDate(before(8 * 24 * 3_600_000), now)).toBe("Nov 15, 2026");
    expect(guideDate(new Date(now.getTime() + 60_000), now)).toBe("Just now");
  });
});
