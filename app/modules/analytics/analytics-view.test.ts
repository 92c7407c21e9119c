import { describe, expect, it } from "vitest";

import {
  addDays,
  consecutiveRuns,
  daysOf,
  lastDayOfMonth,
  monthOf,
  rangePartsOf,
  readAnalyticsView,
  weekOf,
} from "./analytics-view";

describe("the analytics view", () => {
  it("refuses a custom range that ends before it starts, lies ahead or spans more than a year, at its field", () => {
    const view = (search: Record<string, string>) =>
      readAnalyticsView(new URLSearchParams(search), "2026-06-15", ["deal"]);
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-01" }).errors.to).toBe(
      "The end date must be on or after the start date.",
    );
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-16" }).errors.to).toBe(
      "The end date cannot be in the future.",
    );
    expect(view({ range: "custom", from: "2025-01-01", to: "2026-06-01" }).errors.from).toBe(
      "A range can span at most 366 days.",
    );
    expect(view({ range: "custom", from: "2026-02-30", to: "2026-06-01" }).errors.from).toBe("Enter a start date.");
    expect(view({ range: "custom", from: "2026-06-01", to: "2026-06-15" })).toMatchObject({
      from: "2026-06-01",
      to: "2026-06-15",
      days: 15,
      preset: null,
      errors: {},
    });
    expect(view({ range: "7", kind: "nope", store: "x" })).toMatchObject({
      from: "2026-06-09",
      days: 7,
      preset: 7,
      kind: null,
      store: null,
    });
  });

  it("splits a range into its whole months, then whole Monday-to-Sunday weeks, then days, each day once", () => {
    expect(weekOf("2026-06-15")).toBe("2026-06-15"); // a Monday
    expect(weekOf("2026-06-21")).toBe("2026-06-15"); // its Sunday
    expect(weekOf("1970-01-01")).toBe("1969-12-29");
    expect(monthOf("2026-06-21")).toBe("2026-06-01");
    expect(lastDayOfMonth("2026-02-01")).toBe("2026-02-28");
    expect(lastDayOfMonth("2028-02-01")).toBe("2028-02-29");
    expect(lastDayOfMonth("2026-12-01")).toBe("2026-12-31");
    expect(rangePartsOf("2026-06-10", "2026-06-30")).toEqual({
      months: [],
      weeks: ["2026-06-15", "2026-06-22"],
      days: ["2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-29", "2026-06-30"],
    });
    expect(rangePartsOf("2026-06-15", "2026-06-21")).toEqual({ months: [], weeks: ["2026-06-15"], days: [] });
    expect(rangePartsOf("2026-06-16", "2026-06-21")).toEqual({
      months: [],
      weeks: [],
      days: daysOf("2026-06-16", "2026-06-21"),
    });
    // 28 May to 14 July: June whole; 1–5 July are Wednesday to Sunday, then the week of 6 July.
    expect(rangePartsOf("2026-05-28", "2026-07-14")).toEqual({
      months: ["2026-06-01"],
      weeks: ["2026-07-06"],
      days: [...daysOf("2026-05-28", "2026-05-31"), ...daysOf("2026-07-01", "2026-07-05"), "2026-07-13", "2026-07-14"],
    });
    expect(rangePartsOf("2025-11-23", "2026-11-22").months).toHaveLength(11);
    for (const [from, to] of [
      ["2025-11-23", "2026-11-22"],
      ["2025-11-01", "2026-10-31"],
      ["2026-02-26", "2026-03-09"],
      ["2026-06-14", "2026-06-15"],
      ["2026-01-31", "2026-04-02"],
    ] as const) {
      const { months, weeks, days } = rangePartsOf(from, to);
      const covered = [
        ...months.flatMap((first) => daysOf(first, lastDayOfMonth(first))),
        ...weeks.flatMap((monday) => daysOf(monday, addDays(monday, 6))),
        ...days,
      ].sort();
      expect(covered).toEqual(daysOf(from, to));
    }
  });

  it("groups a part's dates into runs of consecutive ones", () => {
    const nextDay = (day: string) => addDays(day, 1);
    expect(consecutiveRuns(["2026-08-26", "2026-08-27", "2026-08-28", "2026-11-01", "2026-11-23"], nextDay)).toEqual([
      ["2026-08-26", "2026-08-28"],
      ["2026-11-01", "2026-11-01"],
      ["2026-11-23", "2026-11-23"],
    ]);
    expect(
      consecutiveRuns(["2026-01-01", "2026-02-01", "2026-04-01"], (first) => addDays(lastDayOfMonth(first), 1)),
    ).toEqual([
      ["2026-01-01", "2026-02-01"],
      ["2026-04-01", "2026-04-01"],
    ]);
    expect(consecutiveRuns([], nextDay)).toEqual([]);
  });
});
