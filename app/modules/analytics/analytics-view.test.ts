import { describe, expect, it } from "vitest";
import { addDays, daysOf, readAnalyticsView, weekOf, weeksAndDaysOf } from "./analytics-view";

describe("the analytics view", () => {
  it("refuses a custom range that ends before it starts, lies ahead or spans more than a year, at its field", () => {
    const view = (search: Record<string, string>) => readAnalyticsView(new URLSearchParams(search), "2026-06-15", ["deal"]);
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-01" }).errors.to).toBe("The end date must be on or after the start date.");
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-16" }).errors.to).toBe("The end date cannot be in the future.");
    expect(view({ range: "custom", from: "2025-01-01", to: "2026-06-01" }).errors.from).toBe("A range can span at most 366 days.");
    expect(view({ range: "custom", from: "2026-02-30", to: "2026-06-01" }).errors.from).toBe("Enter a start date.");
    expect(view({ range: "custom", from: "2026-06-01", to: "2026-06-15" })).toMatchObject({
      from: "2026-06-01",
      to: "2026-06-15",
      days: 15,
      preset: null,
      errors: {},
    });
    expect(view({ range: "7", kind: "nope", store: "x" })).toMatchObject({ from: "2026-06-09", days: 7, preset: 7, kind: null, store: null });
  });

  it("splits a range into its whole Monday-to-Sunday weeks and the days around them, each day once", () => {
    expect(weekOf("2026-06-15")).toBe("2026-06-15"); // a Monday
    expect(weekOf("2026-06-21")).toBe("2026-06-15"); // its Sunday
    expect(weekOf("1970-01-01")).toBe("1969-12-29");
    expect(weeksAndDaysOf("2026-06-10", "2026-06-30")).toEqual({
      weeks: ["2026-06-15", "2026-06-22"],
      days: ["2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-29", "2026-06-30"],
    });
    expect(weeksAndDaysOf("2026-06-15", "2026-06-21")).toEqual({ weeks: ["2026-06-15"], days: [] });
    expect(weeksAndDaysOf("2026-06-16", "2026-06-21")).toEqual({ weeks: [], days: daysOf("2026-06-16", "2026-06-21") });
    for (const [from, to] of [["2025-11-23", "2026-11-22"], ["2026-02-26", "2026-03-09"], ["2026-06-14", "2026-06-15"]] as const) {
      const { weeks, days } = weeksAndDaysOf(from, to);
      const covered = [...weeks.flatMap((monday) => daysOf(monday, addDays(monday, 6))), ...days].sort();
      expect(covered).toEqual(daysOf(from, to));
    }
  });
});
