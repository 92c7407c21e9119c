import { AWIN_API, AWIN_PACE_MS } from "#app/modules/sourcing/adapters/awin.server";
import { type SourceConnection, SourceError } from "#app/modules/sourcing/adapters/source-adapter";
import { apiBaseOf, openSource, pacerFor, readJson } from "#app/modules/sourcing/adapters/source-http.server";
import { objectOf, textOf } from "#app/modules/sourcing/adapters/values";

import {
  currencyOf,
  type DateRange,
  earningOfParts,
  type EarningsAdapter,
  type EarningsBatch,
  earningsBatchOf,
  rangesOf,
} from "./earnings-adapter";
import type { EarningStatus, ReportedEarning } from "./earnings-import.server";
import type { AwinEarningsSettings } from "./earnings-settings";

// Awin's transactions API: `GET /publishers/{publisherId}/transactions/` with a bearer token, a range of
// transaction dates (UTC, to the second, at most 31 days apart) and a JSON array of transactions back,
// each with its status, commission and sale amounts, dates and the click references the link carried.

const NAME = "Awin";
/** The longest range Awin answers in one request. */
const MAX_RANGE_DAYS = 31;

/** Awin's dates are UTC without a zone when asked with timezone=UTC. */
function utcDateOf(value: unknown): Date | null {
  const text = textOf(value);
  if (!text) return null;
  const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function statusOf(item: Record<string, unknown>): EarningStatus | null {
  if (item.paidToPublisher === true) return "paid";
  switch (textOf(item.commissionStatus).toLowerCase()) {
    case "pending":
      return "pending";
    case "approved":
      return "approved";
    // A transaction the advertiser deleted earns nothing, as a declined one.
    case "declined":
    case "deleted":
      return "declined";
    default:
      return null;
  }
}

const amountOf = (money: unknown): number | null => {
  const amount = objectOf(money).amount;
  return typeof amount === "number" && Number.isFinite(amount) ? amount : null;
};

/** One of Awin's transactions as a reported earning, or why it cannot be one. */
export const earningOfTransaction = (item: Record<string, unknown>): ReportedEarning | string =>
  earningOfParts(
    { noun: "Transaction", amount: "commission amount", date: "transaction date" },
    {
      id: textOf(item.id),
      status: statusOf(item),
      statusText: textOf(item.commissionStatus),
      commission: amountOf(item.commissionAmount),
      currency: currencyOf(objectOf(item.commissionAmount).currency),
      transactedAt: utcDateOf(item.transactionDate),
      saleAmount: amountOf(item.saleAmount),
      clickedAt: utcDateOf(item.clickDate),
      subId: textOf(objectOf(item.clickRefs).clickRef),
    },
  );

const awinDate = (date: Date) => date.toISOString().slice(0, 19);

/**
 * Awin's transactions dated in a range, asked in ranges of at most 31 days, a batch each, paced as every
 * Awin request is (AWIN_PACE_MS).
 */
async function* readAwinTransactions(
  settings: AwinEarningsSettings,
  connection: SourceConnection,
  range: DateRange,
): AsyncGenerator<EarningsBatch> {
  const token = connection.secret;
  if (!token) throw new SourceError("Awin needs your API token: add it to the source", "credentials");
  const base = apiBaseOf(connection, AWIN_API);
  const pace = pacerFor(connection, AWIN_PACE_MS);
  for (const part of rangesOf(range, MAX_RANGE_DAYS)) {
    await pace();
    const query = new URLSearchParams({
      startDate: awinDate(part.from),
      endDate: awinDate(part.to),
      timezone: "UTC",
      dateType: "transaction",
    });
    const response = await openSource(`${base}/publishers/${settings.publisherId}/transactions/?${query}`, connection, {
      name: NAME,
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    });
    const answer = await readJson(response, NAME);
    if (!Array.isArray(answer)) throw new SourceError("Awin answered without a list of transactions", "bad-feed");
    yield earningsBatchOf(answer.map(objectOf), earningOfTransaction);
  }
}

export const awinEarningsAdapter: EarningsAdapter<AwinEarningsSettings> = { read: readAwinTransactions };
