import type { SourceConnection } from "#app/modules/sourcing/adapters/source-adapter";
import { textOf } from "#app/modules/sourcing/adapters/values";

import type { EarningStatus, ReportedEarning } from "./earnings-import.server";

// What a network's report is to the earnings runner: given the account's ids, its token and a range of
// transaction dates, batches of transactions (each one's id, status, amounts, dates and sub-ID), and the
// rows that could not be read with why. Each adapter speaks one network's documented API and is tested
// against a local fake of it, as sourcing's adapters are (ADR 0042); the runner and the upsert are shared.

export interface EarningsBatch {
  reported: ReportedEarning[];
  /** Transactions the network sent that could not be read, each with why ("Transaction 12: no date"). */
  refused: string[];
}

export interface DateRange {
  from: Date;
  to: Date;
}

export interface EarningsAdapter<Settings> {
  read(settings: Settings, connection: SourceConnection, range: DateRange): AsyncIterable<EarningsBatch>;
}

const DAY_MS = 86_400_000;

/**
 * A range cut into the longest ones a network answers (`maxDays`), each ending a second before the next
 * begins, so no transaction is asked for twice.
 */
export function rangesOf(range: DateRange, maxDays: number): DateRange[] {
  const ranges: DateRange[] = [];
  for (let start = range.from.getTime(); start <= range.to.getTime(); start += maxDays * DAY_MS) {
    const end = Math.min(start + maxDays * DAY_MS - 1000, range.to.getTime());
    ranges.push({ from: new Date(start), to: new Date(end) });
  }
  return ranges;
}

/** A batch of a network's items: each a reported earning or why it cannot be one. */
export function earningsBatchOf<Item>(
  items: Item[],
  earningOf: (item: Item) => ReportedEarning | string,
): EarningsBatch {
  const batch: EarningsBatch = { reported: [], refused: [] };
  for (const item of items) {
    const earning = earningOf(item);
    if (typeof earning === "string") batch.refused.push(earning);
    else batch.reported.push(earning);
  }
  return batch;
}

/** A decimal amount a network sends as a number or a string ("12.50", "-3.20"); null when there is none. */
export function decimalOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : textOf(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** A three-letter currency code, upper-cased; null when the value is not one. */
export const currencyOf = (value: unknown): string | null => {
  const code = textOf(value).toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
};

/** A network's transaction read into its parts, each null (or "") when the network left it out. */
export interface EarningParts {
  id: string;
  status: EarningStatus | null;
  /** The status as the network wrote it, for the refusal of one not known. */
  statusText: string;
  commission: number | null;
  currency: string | null;
  transactedAt: Date | null;
  saleAmount: number | null;
  clickedAt: Date | null;
  subId: string;
}

/**
 * A transaction's parts as a reported earning, or why it cannot be one in the network's words: what it
 * calls a transaction ("Commission"), its amount ("payout") and its date ("event date").
 */
export function earningOfParts(
  words: { noun: string; amount: string; date: string },
  parts: EarningParts,
): ReportedEarning | string {
  const { id, status, commission, currency, transactedAt } = parts;
  if (!id) return `${/^[AEIOU]/.test(words.noun) ? "An" : "A"} ${words.noun.toLowerCase()} without an id`;
  if (!status) return `${words.noun} ${id}: unknown status "${parts.statusText}"`;
  if (commission === null || !currency) return `${words.noun} ${id}: no ${words.amount}`;
  if (!transactedAt) return `${words.noun} ${id}: no ${words.date}`;
  return {
    externalId: id,
    status,
    saleAmount: parts.saleAmount,
    commission,
    currency,
    transactedAt,
    clickedAt: parts.clickedAt,
    subId: parts.subId || null,
  };
}
