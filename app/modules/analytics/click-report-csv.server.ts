import { csvLines } from "#app/platform/csv.server";

import { EARNING_LIST_DAYS, type ReportRow } from "./analytics-view";
import type { ClickReport, SaleFigures } from "./click-analytics.server";
import type { TableKey } from "./click-tables.server";

// The analytics view as one CSV: clicks and earnings by day (with the previous period), the totals, then
// each table and list, from the same report the page renders, so its figures are the screen's. Amounts are
// in the site's currency, as numbers a spreadsheet adds up.

export const TABLE_TITLES: Record<TableKey, string> = {
  items: "Top items",
  stores: "Top stores",
  categories: "Top categories",
  placements: "By placement",
  referrers: "By referrer",
  devices: "By device",
  reveals: "Code reveals",
};

/** A number, not text: a negative amount (a correction) stays a number, not a guarded formula. */
const amount = (cents: number) => cents / 100;

/**
 * Sales, earnings, the previous period's earnings (when given), conversion rate (of the sales that name a
 * click: `clicked`, all of them unless said) and earnings per click; blanks where earnings do not apply.
 */
function saleColumns(
  clicks: number,
  figures: Partial<SaleFigures>,
  { previousCents, clicked = figures.sales }: { previousCents?: number; clicked?: number } = {},
): Array<string | number> {
  if (figures.sales === undefined || figures.cents === undefined) return ["", "", "", "", ""];
  return [
    figures.sales,
    amount(figures.cents),
    previousCents === undefined ? "" : amount(previousCents),
    clicks > 0 ? `${(((clicked ?? 0) / clicks) * 100).toFixed(2)}%` : "",
    clicks > 0 ? Number((figures.cents / 100 / clicks).toFixed(4)) : "",
  ];
}

const rowLine = (section: string, row: ReportRow) => [
  section,
  row.label,
  row.kind ?? "",
  row.clicks,
  "",
  ...saleColumns(row.clicks, row),
];

/** Section, name, type, clicks and the previous period's: the columns before the sale columns. */
const CLICK_COLUMNS = 5;

export function clickReportCsv(report: ClickReport): string {
  const rows: Array<Array<string | number>> = [
    [
      "Section",
      "Name",
      "Type",
      "Clicks",
      "Previous period",
      "Sales",
      "Earnings",
      "Previous earnings",
      "Conversion rate",
      "EPC",
    ],
  ];
  for (const point of report.series)
    rows.push([
      "By day",
      point.day,
      "",
      point.clicks,
      point.previous,
      ...saleColumns(point.clicks, point, {
        previousCents: point.previousCents,
        clicked: point.sales - point.unattributedSales,
      }),
    ]);
  const { totals } = report;
  rows.push([
    "Total",
    "Clicks out",
    "",
    totals.clicks,
    totals.previous,
    ...saleColumns(totals.clicks, totals, {
      previousCents: totals.previousCents,
      clicked: totals.sales - totals.unattributed.sales,
    }),
  ]);
  rows.push(["Total", "Unattributed", "", "", "", ...saleColumns(0, totals.unattributed)]);
  rows.push(["Total", "Code reveals", "", totals.reveals, "", "", "", "", "", ""]);
  for (const key of Object.keys(TABLE_TITLES) as TableKey[]) {
    for (const row of report.tables[key]) rows.push(rowLine(TABLE_TITLES[key], row));
  }
  for (const row of report.earning.mostPerClick)
    rows.push(rowLine(`Earns most per click, last ${EARNING_LIST_DAYS} days`, row));
  for (const row of report.earning.neverEarned)
    rows.push(rowLine(`Clicked, never earned in ${EARNING_LIST_DAYS} days`, row));
  for (const row of report.unclicked.rows)
    rows.push(["Published, 0 clicks in 30 days", row.label, row.kind ?? "", 0, "", "", "", "", "", ""]);
  // Without revenue (an editor's copy), the sale columns are left out rather than left blank.
  return csvLines(report.revenue ? rows : rows.map((row) => row.slice(0, CLICK_COLUMNS)), { first: true });
}
