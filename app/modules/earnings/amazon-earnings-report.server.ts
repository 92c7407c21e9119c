import { createHash } from "node:crypto";

import { parse } from "csv-parse/sync";

import { type AmazonTrackingIds, placementOfTrackingId } from "#app/lib/amazon-tracking-ids";

import type { EarningsBatch } from "./earnings-adapter";
import type { ReportedEarning } from "./earnings-import.server";
import { reportDateOf } from "./report-dates";

// Amazon's earnings ("Fee-Earnings") report: a line per product, tracking ID, ship day, price, seller and
// device, with the items shipped and returned, the revenue and the ad fees (the commission). It names no
// click and no order, so a line is a transaction of its own: its id is those facts, and a later report of
// the same line (more items shipped, a return) moves its amounts instead of adding it twice. Amazon's files
// open with a title line ("Fee-Earnings reports from … to …") above the header, comma- or tab-separated,
// and write each amount's currency in its column's name ("Ad Fees($)").

/** The columns that make a file an earnings report, by their names in lower case without symbols. */
const REQUIRED = ["asin", "trackingid", "dateshipped", "adfees"] as const;
const KEY_COLUMNS = ["dateshipped", "trackingid", "asin", "seller", "price", "devicetypegroup"] as const;

/** A column's name as compared: "Ad Fees($)" → "adfees", "Tracking ID" → "trackingid". */
const columnKey = (name: string) =>
  name
    .replace(/\(.*?\)/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/** An amount as Amazon writes it ("1,234.56", "-3.20", "$12.00", "12,34 €"); null when it is none. */
export function amazonAmountOf(text: string): number | null {
  let value = text.replace(/[^\d.,-]/g, "");
  // A comma before the last two digits is a decimal comma (Amazon's European reports).
  if (/,\d{1,2}$/.test(value)) value = value.replace(/\./g, "").replace(",", ".");
  else value = value.replace(/,/g, "");
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}

export interface AmazonReportContext {
  /** The marketplace's currency: the report's amounts are in it. */
  currency: string;
  trackingIds: AmazonTrackingIds;
  /** The file, for refusals ("earnings-2026-11.tsv line 14: no ship date"). */
  filename: string;
}

/** One line of the report: its cells by the file's column names, and its transaction or why it has none. */
export interface AmazonReportLine {
  /** Its line number in the file (the title and header lines counted). */
  number: number;
  cells: Record<string, string>;
  earning: ReportedEarning | null;
  problem: string | null;
}

export interface AmazonReport {
  /** The header's column names, as the file has them. */
  headers: string[];
  /** The header's line number: 2 below a title line. */
  headerLine: number;
  lines: AmazonReportLine[];
}

/** The header's index among the first lines, when the file is an earnings report; -1 when it is not. */
function headerIndexOf(lines: string[]): number {
  return lines.slice(0, 10).findIndex((line) => {
    const keys = line.split(/[\t,]/).map((cell) => columnKey(cell.replace(/"/g, "")));
    return REQUIRED.every((column) => keys.includes(column));
  });
}

/** Whether a file's first lines are an Amazon earnings report's. */
export const isAmazonEarningsReport = (text: string): boolean =>
  headerIndexOf(text.replace(/^\uFEFF/, "").split(/\r?\n/, 10)) !== -1;

/** A report's lines, each with its transaction or why it has none; null when the file is not an earnings report. */
export function readAmazonReportLines(text: string, context: AmazonReportContext): AmazonReport | null {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerIndex = headerIndexOf(lines);
  if (headerIndex === -1) return null;
  const delimiter = lines[headerIndex]!.includes("\t") ? "\t" : ",";
  let headers: string[] = [];
  const rows = parse(lines.slice(headerIndex).join("\n"), {
    delimiter,
    columns: (header: string[]) => (headers = header.map((name) => name.trim())),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  const keyOf = new Map(headers.map((header) => [header, columnKey(header)]));
  const seen = new Map<string, number>();
  return {
    headers,
    headerLine: headerIndex + 1,
    lines: rows.map(({ record, info }) => {
      const row = Object.fromEntries(Object.entries(record).map(([header, value]) => [keyOf.get(header)!, value]));
      const number = headerIndex + info.lines;
      const earning = earningOf(row, context);
      if (typeof earning === "string") return { number, cells: record, earning: null, problem: earning };
      // Two lines alike in every key are two transactions: the second is told apart by its place.
      const key = createHash("sha256")
        .update(JSON.stringify(KEY_COLUMNS.map((column) => row[column]?.toLowerCase() ?? "")))
        .digest("hex")
        .slice(0, 32);
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      return { number, cells: record, earning: { ...earning, externalId: `${key}-${occurrence}` }, problem: null };
    }),
  };
}

/**
 * An earnings report's lines as transactions, and the lines that could not be read with why; null when the
 * file is not an earnings report (another of the account's reports).
 */
export function readAmazonEarningsReport(text: string, context: AmazonReportContext): EarningsBatch | null {
  const report = readAmazonReportLines(text, context);
  if (!report) return null;
  const batch: EarningsBatch = { reported: [], refused: [] };
  for (const line of report.lines) {
    if (line.earning) batch.reported.push(line.earning);
    else batch.refused.push(`${context.filename} line ${line.number}: ${line.problem}`);
  }
  return batch;
}

function earningOf(
  row: Record<string, string>,
  context: AmazonReportContext,
): Omit<ReportedEarning, "externalId"> | string {
  const asin = (row.asin ?? "").toUpperCase();
  if (!/^[A-Z0-9]{10}$/.test(asin)) return "no ASIN";
  // Year first in Amazon's files; a date with slashes is month first only in the US marketplace's.
  const shipped = reportDateOf(row.dateshipped ?? "", context.currency === "USD" ? "mdy" : "dmy", "UTC");
  if (!shipped) return `no ship date we can read ("${row.dateshipped ?? ""}")`;
  const commission = amazonAmountOf(row.adfees ?? "");
  if (commission === null) return `no ad fees we can read ("${row.adfees ?? ""}")`;
  const trackingId = row.trackingid ?? "";
  return {
    // Amazon reports a line once its items shipped: the fee is earned (a return comes as a line of its own).
    status: "approved",
    saleAmount: amazonAmountOf(row.revenue ?? ""),
    commission,
    currency: context.currency,
    transactedAt: shipped,
    clickedAt: null,
    subId: trackingId || null,
    asin,
    placement: trackingId ? placementOfTrackingId(context.trackingIds, trackingId) : null,
  };
}
