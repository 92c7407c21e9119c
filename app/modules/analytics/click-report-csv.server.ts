import { csvLines } from "#app/platform/csv.server";

import type { ClickReport } from "./click-analytics.server";
import type { TableKey } from "./click-tables.server";

// The analytics view as one CSV: clicks by day (with the previous period), the totals, then each table,
// from the same report the page renders, so its figures are the screen's.

export const TABLE_TITLES: Record<TableKey, string> = {
  items: "Top items",
  stores: "Top stores",
  categories: "Top categories",
  placements: "By placement",
  referrers: "By referrer",
  devices: "By device",
  reveals: "Code reveals",
};

export function clickReportCsv(report: ClickReport): string {
  const rows: Array<Array<string | number>> = [["Section", "Name", "Type", "Clicks", "Previous period"]];
  for (const point of report.series) rows.push(["Clicks by day", point.day, "", point.clicks, point.previous]);
  rows.push(["Total", "Clicks out", "", report.totals.clicks, report.totals.previous]);
  rows.push(["Total", "Code reveals", "", report.totals.reveals, ""]);
  for (const key of Object.keys(TABLE_TITLES) as TableKey[]) {
    for (const row of report.tables[key]) rows.push([TABLE_TITLES[key], row.label, row.kind ?? "", row.clicks, ""]);
  }
  for (const row of report.unclicked.rows)
    rows.push(["Published, 0 clicks in 30 days", row.label, row.kind ?? "", 0, ""]);
  return csvLines(rows, { first: true });
}
