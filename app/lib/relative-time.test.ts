import { describe, expect, it } from "vitest";

import { timeAgo } from "./relative-time";

describe("timeAgo", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it.each([
    ["2026-11-21T11:59:30Z", "just now"],
    ["2026-11-21T11:55:00Z", "5 minutes ago"],
    ["2026-11-21T09:00:00Z", "3 hours ago"],
    ["2026-11-20T12:00:00Z", "yesterday"],
    ["2026-11-07T12:00:00Z", "2 weeks ago"],
  ])("%s → %s", (date, expected) => {
    expect(timeAgo(date, now)).toBe(expected);
  });
});
