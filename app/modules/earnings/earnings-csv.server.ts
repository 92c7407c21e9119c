import { and, eq, inArray, sql } from "drizzle-orm";

import { type Database, type Executor, queryRows } from "#app/db/client.server";
import { clicks, earnings } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { formatCount } from "#app/lib/counts";
import type { ImportChange, ImportLine, ImportReport } from "#app/lib/csv-import-report";
import {
  type EarningsCsvField,
  earningsCsvFields,
  type EarningsCsvOptions,
  guessEarningsColumns,
} from "#app/lib/earnings-csv";
import { isCurrency, plainNumber } from "#app/lib/money";
import { isUuid } from "#app/lib/uuid";
import { chosenMarketplace, readAmazonTrackingIds } from "#app/modules/amazon/amazon-settings.server";
import { DEFAULT_MARKETPLACE, findMarketplace } from "#app/modules/amazon/marketplaces";
import { recordAudit } from "#app/modules/audit/audit.server";
import { readSiteTimeZone } from "#app/modules/site-settings/time-zone.server";
import { unescapeFormula } from "#app/platform/csv.server";
import { type CsvCells, type CsvLineChunk, csvLineChunks, ImportFileError } from "#app/platform/csv-upload.server";
import { ImportReportWriter } from "#app/platform/import-report.server";

import { isAmazonEarningsReport, readAmazonReportLines } from "./amazon-earnings-report.server";
import { convertEarnings } from "./currency-rates.server";
import { type EarningStatus, importEarnings, itemsWithAsin, type ReportedEarning } from "./earnings-import.server";
import { reportDateOf } from "./report-dates";

// An earnings report uploaded as CSV, from any network: each line read through the owner's column mapping
// into a transaction (or refused with why, in the file's words), compared with what is stored, and shown as
// the content import shows its lines: new, changed (with what changes), unchanged or refused. A dry run
// writes nothing; the import writes through the same upsert as the networks' APIs, a chunk at a time.

const CHUNK = 1000;
const MAX_ID_CHARS = 200;
const MAX_SUB_ID_CHARS = 500;

/** The status words networks' exports use, compared in lower case with spaces for punctuation. */
const statusWords: Record<EarningStatus, string[]> = {
  pending: ["pending", "new", "open", "extended", "unconfirmed", "awaiting", "on hold", "hold", "in review", "tracked"],
  approved: ["approved", "confirmed", "accepted", "locked", "validated", "valid", "completed", "invoiced"],
  declined: [
    "declined",
    "rejected",
    "reversed",
    "reversal",
    "void",
    "voided",
    "cancelled",
    "canceled",
    "deleted",
    "refunded",
    "returned",
    "invalid",
    "denied",
  ],
  paid: ["paid", "closed", "cleared", "settled", "paid to publisher", "paidtopublisher"],
};
const statusByWord = new Map(
  Object.entries(statusWords).flatMap(([status, words]) => words.map((word) => [word, status as EarningStatus])),
);

/** A status as a network's export writes it ("Approved", "PAID", "on-hold"), or null when it is none we know. */
export function statusOfWord(text: string): EarningStatus | null {
  return (
    statusByWord.get(
      text
        .toLowerCase()
        .replace(/[^a-z]+/g, " ")
        .trim(),
    ) ?? null
  );
}

/** A line of a report read through the mapping: its transaction, or why it is none. */
type ReadLine = { title: string } & ({ earning: ReportedEarning } | { problem: string });

/** An amount to the cent, rounded half away from zero as PostgreSQL rounds, from its plain digits ("-12.345"). */
function centsOf(plain: string): number {
  const [whole = "0", fraction = ""] = plain.replace("-", "").split(".");
  const cents =
    Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2)) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return (plain.startsWith("-") ? -cents : cents) / 100;
}

/**
 * One line as a transaction, or why it cannot be one, in the file's words ("Commission: "n/a" is not a
 * number"). Amounts are read as a spreadsheet writes them in the site's locale ("$1,099.99").
 */
function readLine(cells: CsvCells, options: EarningsCsvOptions, timeZone: string): ReadLine {
  const cell = (key: EarningsCsvField) => {
    const header = options.columns[key];
    return header ? unescapeFormula((cells[header] ?? "").replaceAll("\0", "").trim()) : "";
  };
  const name = (key: EarningsCsvField) => options.columns[key] ?? key;
  const problems: string[] = [];
  const externalId = cell("externalId");
  if (!externalId) problems.push(`${name("externalId")}: empty`);
  else if (externalId.length > MAX_ID_CHARS)
    problems.push(`${name("externalId")}: longer than ${MAX_ID_CHARS} characters`);
  const status = options.columns.status ? statusOfWord(cell("status")) : options.status;
  if (!status)
    problems.push(
      `${name("status")}: "${cell("status")}" is not a status we know (pending, approved, declined or paid)`,
    );
  const amountOf = (key: EarningsCsvField, required: boolean): number | null => {
    const text = cell(key);
    if (!text) {
      if (required) problems.push(`${name(key)}: empty`);
      return null;
    }
    const plain = plainNumber(text);
    if (plain === null || Math.abs(Number(plain)) >= 1e12) problems.push(`${name(key)}: "${text}" is not an amount`);
    return plain === null ? null : centsOf(plain);
  };
  const commission = amountOf("commission", true);
  const saleAmount = amountOf("saleAmount", false);
  const currency = options.columns.currency ? cell("currency").toUpperCase() : (options.currency ?? "");
  if (!isCurrency(currency)) problems.push(`${name("currency")}: "${currency}" is not a currency code`);
  const dateOf = (key: EarningsCsvField, required: boolean): Date | null => {
    const text = cell(key);
    if (!text) {
      if (required) problems.push(`${name(key)}: empty`);
      return null;
    }
    const date = reportDateOf(text, options.dates, timeZone);
    if (!date) problems.push(`${name(key)}: "${text}" is not a date`);
    return date;
  };
  const transactedAt = dateOf("transactedAt", true);
  const clickedAt = dateOf("clickedAt", false);
  const subId = cell("subId");
  if (subId.length > MAX_SUB_ID_CHARS) problems.push(`${name("subId")}: longer than ${MAX_SUB_ID_CHARS} characters`);
  if (problems.length > 0) return { title: externalId || "(no transaction ID)", problem: `${problems.join("; ")}.` };
  return {
    earning: {
      externalId,
      status: status!,
      saleAmount,
      commission: commission!,
      currency,
      transactedAt: transactedAt!,
      clickedAt,
      subId: subId || null,
    },
    title: `${externalId}: ${commission!.toFixed(2)} ${currency}, ${status}`,
  };
}

/** What a transaction's stored row says, compared as the upsert compares it. */
interface Facts {
  status: string;
  saleAmount: string;
  commission: string;
  currency: string;
  transactedAt: string;
  clickedAt: string;
  subId: string;
  attributed: boolean;
}

const amountText = (amount: number | null) => (amount === null ? "" : amount.toFixed(2));
const dateText = (date: Date | null) => date?.toISOString() ?? "";

function factsOf(earning: ReportedEarning, attributed: boolean): Facts {
  return {
    status: earning.status,
    saleAmount: amountText(earning.saleAmount),
    commission: amountText(earning.commission),
    currency: earning.currency,
    transactedAt: dateText(earning.transactedAt),
    clickedAt: dateText(earning.clickedAt),
    subId: earning.subId ?? "",
    attributed,
  };
}

/** The column each fact is read from, for a change's name in the file's words. */
const factColumns: Record<Exclude<keyof Facts, "attributed">, EarningsCsvField> = {
  status: "status",
  saleAmount: "saleAmount",
  commission: "commission",
  currency: "currency",
  transactedAt: "transactedAt",
  clickedAt: "clickedAt",
  subId: "subId",
};

function changesBetween(before: Facts, after: Facts, columns: EarningsCsvOptions["columns"]): ImportChange[] {
  const changes = (Object.keys(factColumns) as Array<keyof typeof factColumns>)
    .filter((fact) => before[fact] !== after[fact])
    .map((fact) => ({
      column: columns[factColumns[fact]] ?? earningsCsvFields.find(({ key }) => key === fact)!.label,
      before: before[fact],
      after: after[fact],
    }));
  if (!before.attributed && after.attributed)
    changes.push({ column: "Item", before: "not found", after: "found: attributed" });
  return changes;
}

/** The stored transactions of this network among `ids`, with the facts an upload compares. */
async function storedFacts(db: Executor, network: string, ids: string[]): Promise<Map<string, Facts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(earnings)
    .where(and(eq(earnings.network, network), inArray(earnings.externalId, ids)));
  return new Map(
    rows.map((row) => [
      row.externalId,
      factsOf(
        {
          externalId: row.externalId,
          status: row.status,
          saleAmount: row.saleAmount,
          commission: row.commission,
          currency: row.currency,
          transactedAt: row.transactedAt,
          clickedAt: row.clickedAt,
          subId: row.subId,
        },
        row.itemId !== null,
      ),
    ]),
  );
}

/** Which of these transactions name an item of ours: by a click their sub-ID names, or (Amazon's) their ASIN. */
async function attributionOf(
  db: Executor,
  reported: ReportedEarning[],
): Promise<(earning: ReportedEarning) => boolean> {
  const clickIds = [...new Set(reported.flatMap(({ subId }) => (subId && isUuid(subId) ? [subId.toLowerCase()] : [])))];
  const asins = [...new Set(reported.flatMap(({ asin }) => (asin ? [asin] : [])))];
  const [clicked, products] = await Promise.all([
    clickIds.length > 0 ? db.select({ id: clicks.id }).from(clicks).where(inArray(clicks.id, clickIds)) : [],
    asins.length > 0
      ? queryRows<{ asin: string }>(
          db,
          sql`select distinct asin from ${itemsWithAsin((asin) => sql`${asin} in ${asins}`)} item`,
        )
      : [],
  ]);
  const found = new Set([...clicked.map((row) => row.id), ...products.map((row) => row.asin)]);
  return (earning) =>
    Boolean((earning.subId && found.has(earning.subId.toLowerCase())) || (earning.asin && found.has(earning.asin)));
}

/**
 * What the first lines of a report say: its columns, a few lines, and the mapping and date order they
 * suggest; or that it is Amazon's earnings report, which needs no mapping.
 */
export async function inspectEarningsCsv(bytes: AsyncIterable<Uint8Array>) {
  const first = await firstBytes(bytes, INSPECTED_BYTES);
  if (isAmazonEarningsReport(new TextDecoder().decode(first))) return { format: "amazon" as const };
  const again = async function* () {
    yield first;
  };
  for await (const chunk of csvLineChunks(again(), 3)) {
    const columns = guessEarningsColumns(chunk.headers);
    const dates = columns.transactedAt ? chunk.lines.map((line) => line[columns.transactedAt!] ?? "") : [];
    // A first number past 12 is a day; a second one past 12, a month's day after the month.
    const dayFirst = dates.some((date) => Number(/^(\d{1,2})[/.-]/.exec(date)?.[1]) > 12);
    return {
      headers: chunk.headers,
      sample: chunk.lines.map((line) => chunk.headers.map((header) => line[header] ?? "")),
      columns,
      dates: dayFirst ? ("dmy" as const) : ("mdy" as const),
    };
  }
  throw new ImportFileError("This file has no lines under its header.");
}

/** What inspecting a report reads of it: its first lines are in its first 64 KB, however long it is. */
const INSPECTED_BYTES = 64 * 1024;

/** Up to `max` of a file's first bytes (the rest is left unread). */
async function firstBytes(bytes: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of bytes) {
    parts.push(part);
    size += part.length;
    if (size >= max) break;
  }
  return Buffer.concat(parts).subarray(0, max);
}

/** A file's lines as they are read, a chunk at a time: as the file has them, and each line's transaction. */
type ReadChunks = AsyncIterable<{ chunk: CsvLineChunk; read: ReadLine[] }>;

/** A network's report read through the owner's column mapping. */
async function* mappedLines(
  bytes: AsyncIterable<Uint8Array>,
  options: EarningsCsvOptions,
  timeZone: string,
): ReadChunks {
  let checkedHeader = false;
  for await (const chunk of csvLineChunks(bytes, CHUNK)) {
    if (!checkedHeader) {
      const missing = Object.values(options.columns).filter((header) => header && !chunk.headers.includes(header));
      if (missing.length > 0)
        throw new ImportFileError(`The file has no column "${missing[0]}": choose its columns again.`);
      checkedHeader = true;
    }
    yield { chunk, read: chunk.lines.map((cells) => readLine(cells, options, timeZone)) };
  }
}

/**
 * Reads a network's report as it arrives and says, line by line, what it does to the stored transactions;
 * with `dryRun` nothing is written. `onProgress` hears the lines done so far.
 */
export async function importEarningsCsv(
  db: Database,
  actor: Actor,
  bytes: AsyncIterable<Uint8Array>,
  options: EarningsCsvOptions,
  run: { dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportReport> {
  const lines = mappedLines(bytes, options, await readSiteTimeZone(db));
  return landLines(db, actor, options.network, options.columns, lines, run);
}

/** The most an Amazon report upload may be: it is read whole (a year of a busy account's is a few MB). */
const MAX_AMAZON_REPORT_BYTES = 64 * 1024 * 1024;

/** A file's bytes as UTF-8 text, at most `max` bytes; more, or bytes that are not UTF-8, is an ImportFileError. */
async function textOfUpload(bytes: AsyncIterable<Uint8Array>, max: number): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of bytes) {
    size += part.length;
    if (size > max) throw new ImportFileError(`This report is larger than ${max / 1024 / 1024} MB.`);
    parts.push(part);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
  } catch {
    throw new ImportFileError("This file is not UTF-8 text. Download it from Amazon again and import it as it is.");
  }
}

/** Amazon's earnings report as its lines, read as the Creators API's files are (ADR 0049). */
async function* amazonReportLines(db: Executor, bytes: AsyncIterable<Uint8Array>): ReadChunks {
  const [marketplace, trackingIds] = await Promise.all([chosenMarketplace(db), readAmazonTrackingIds(db)]);
  const currency = findMarketplace(marketplace ?? DEFAULT_MARKETPLACE)?.money.currency ?? "USD";
  const report = readAmazonReportLines(await textOfUpload(bytes, MAX_AMAZON_REPORT_BYTES), {
    currency,
    trackingIds,
    filename: "the report",
  });
  if (!report)
    throw new ImportFileError(
      "This is not Amazon's earnings report: it has no ASIN, Tracking ID, Date Shipped and Ad Fees columns.",
    );
  for (let start = 0; start < Math.max(report.lines.length, 1); start += CHUNK) {
    const lines = report.lines.slice(start, start + CHUNK);
    yield {
      chunk: { headers: report.headers, headerLine: report.headerLine, lines: lines.map((line) => line.cells) },
      read: lines.map((line): ReadLine => {
        const title = `${line.cells.ASIN ?? ""} ${line.earning?.subId ?? ""}`.trim() || "(no ASIN)";
        return line.earning
          ? {
              earning: line.earning,
              title: `${title}, ${line.earning.transactedAt.toISOString().slice(0, 10)}: ${line.earning.commission.toFixed(2)} ${currency}`,
            }
          : { title, problem: `${line.problem}.` };
      }),
    };
  }
}

/**
 * Amazon's earnings report as downloaded from Associates Central (or the Creators API), under the network
 * "amazon": its lines get the ids the scheduled Amazon source gives them, so neither counts a line twice.
 */
export async function importAmazonEarningsCsv(
  db: Database,
  actor: Actor,
  bytes: AsyncIterable<Uint8Array>,
  run: { dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportReport> {
  return landLines(db, actor, "amazon", {}, amazonReportLines(db, bytes), run);
}

/** Lands a file's lines through the one upsert (unless `dryRun`), and says what each did. */
async function landLines(
  db: Database,
  actor: Actor,
  network: string,
  columns: EarningsCsvOptions["columns"],
  lines: ReadChunks,
  run: { dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportReport> {
  const report = new ImportReportWriter();
  // What this file has said of each transaction so far: a later line of the same id changes it again.
  const said = new Map<string, Facts>();
  let unattributed = 0;
  for await (const { chunk, read } of lines) {
    const firstLine = report.startChunk(chunk);
    const good = read.flatMap((line) => ("earning" in line ? [line] : []));
    const stored = await storedFacts(
      db,
      network,
      good.map(({ earning }) => earning.externalId).filter((id) => !said.has(id)),
    );
    const named = await attributionOf(
      db,
      good.map(({ earning }) => earning),
    );
    const writes: ReportedEarning[] = [];
    read.forEach((line, index) => {
      const number = firstLine + index;
      if ("problem" in line) {
        report.note({ line: number, action: "refuse", title: line.title, reason: line.problem }, chunk.lines[index]);
        return;
      }
      const { earning, title } = line;
      const before = said.get(earning.externalId) ?? stored.get(earning.externalId);
      const attributed = named(earning) || Boolean(before?.attributed);
      const after = factsOf(earning, attributed);
      said.set(earning.externalId, after);
      const changes = before ? changesBetween(before, after, columns) : [];
      const noted: ImportLine = !before
        ? { line: number, action: "create", title }
        : changes.length > 0
          ? { line: number, action: "update", title, changes }
          : { line: number, action: "unchanged", title };
      report.note(noted, chunk.lines[index]);
      if (noted.action === "unchanged") return;
      if (!attributed) unattributed += 1;
      writes.push(earning);
    });
    if (!run.dryRun && writes.length > 0) await importEarnings(db, network, writes);
    run.onProgress?.(report.endChunk(chunk));
  }
  const done = report.finish(
    unattributed > 0
      ? [
          `${formatCount(unattributed)} of the new or changed transactions ${unattributed === 1 ? "names" : "name"} no item of ours: they ${run.dryRun ? "would count" : "count"} as unattributed.`,
        ]
      : [],
  );
  if (!run.dryRun) {
    await convertEarnings(db);
    await recordAudit(db, {
      action: "earnings",
      actor,
      detail: { did: "upload", title: network, counts: done.counts },
    });
  }
  return done;
}

/**
 * The networks transactions have been stored under, for the upload's name list: one index probe each (a
 * loose index scan), however many transactions there are.
 */
export async function earningsNetworkNames(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ network: string }>(
    db,
    sql`with recursive seen as (
      (select network from earnings order by network limit 1)
      union all
      select (select e.network from earnings e where e.network > seen.network order by e.network limit 1)
      from seen where seen.network is not null
    )
    select network from seen where network is not null limit 100`,
  );
  return rows.map((row) => row.network);
}
