import { describe, expect, it } from "vitest";

import { addDays } from "#app/modules/analytics/analytics-view";

import { figuresByPeriod } from "./figures-by-period";

const days = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    day: addDays("2026-01-01", index),
    clicks: index,
    previous: 1,
    cents: 100 * index,
    previousCents: 5,
  }));

describe("the figures table's rows", () => {
  it("are the days up to a month", () => {
    const rows = figuresByPeriod(days(31));
    expect(rows).toHaveLength(31);
    expect(rows[30]).toEqual({
      from: "2026-01-31",
      to: "2026-01-31",
      clicks: 30,
      previous: 1,
      cents: 3000,
      previousCents: 5,
    });
  });

  it("are weeks from the range's first day beyond, summing every day once", () => {
    const series = days(366);
    const rows = figuresByPeriod(series);
    expect(rows).toHaveLength(53);
    expect(rows[0]).toEqual({
      from: "2026-01-01",
      to: "2026-01-07",
      clicks: 21,
      previous: 7,
      cents: 2100,
      previousCents: 35,
    });
    expect(rows[52]).toMatchObject({ from: "2026-12-31", to: "2027-01-01" });
    const total = (
      pick: (row: { clicks: number; cents: number }) => number,
      list: Array<{ clicks: number; cents: number }>,
    ) => list.reduce((sum, row) => sum + pick(row), 0);
    expect(total((row) => row.clicks, rows)).toBe(total((row) => row.clicks, series));
    expect(total((row) => row.cents, rows)).toBe(total((row) => row.cents, series));
  });
});
