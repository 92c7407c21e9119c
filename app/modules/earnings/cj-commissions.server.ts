import { type SourceConnection, SourceError } from "#app/modules/sourcing/adapters/source-adapter";
import { apiBaseOf, openSource, pacerFor, readJson } from "#app/modules/sourcing/adapters/source-http.server";
import { dateOf, objectOf, textOf } from "#app/modules/sourcing/adapters/values";

import {
  type DateRange,
  decimalOf,
  earningOfParts,
  type EarningsAdapter,
  type EarningsBatch,
  earningsBatchOf,
  rangesOf,
} from "./earnings-adapter";
import type { EarningStatus, ReportedEarning } from "./earnings-import.server";
import type { CjEarningsSettings } from "./earnings-settings";

// CJ's Commission Detail API: GraphQL at `POST https://commissions.api.cj.com/query` with a personal access
// token as a bearer token. `publisherCommissions` lists the commissions posted in a range (at most 31 days)
// a batch at a time: while `payloadComplete` is false, `maxCommissionId` is passed back as
// `sinceCommissionId`. A correction is a commission of its own (negative when it takes money back), so
// each commission id is one transaction and their sum is what CJ pays. Amounts are read in USD, the one
// currency every CJ account reports in.

const CJ = "https://commissions.api.cj.com";
const NAME = "CJ";
const MAX_RANGE_DAYS = 31;
/** CJ allows 25 requests a minute to its commissions API. */
export const CJ_PACE_MS = 2_500;
/** 500,000 commissions at most a range (CJ answers up to 10,000 a request). */
const MAX_REQUESTS_PER_RANGE = 50;

const COMMISSIONS_QUERY = `query Commissions($publishers: [String!]!, $since: String, $before: String, $after: String) {
  publisherCommissions(forPublishers: $publishers, sincePostingDate: $since, beforePostingDate: $before, sinceCommissionId: $after) {
    count
    payloadComplete
    maxCommissionId
    records {
      commissionId
      actionStatus
      validationStatus
      pubCommissionAmountUsd
      saleAmountUsd
      eventDate
      clickDate
      shopperId
    }
  }
}`;

function statusOf(record: Record<string, unknown>): EarningStatus | null {
  if (textOf(record.validationStatus) === "DECLINED") return "declined";
  switch (textOf(record.actionStatus).toLowerCase()) {
    // New until locked on the 11th of the month (or later, when extended): it may still be corrected.
    case "new":
    case "extended":
      return "pending";
    case "locked":
      return "approved";
    // Prepared for payment.
    case "closed":
      return "paid";
    default:
      return null;
  }
}

/** One of CJ's commissions as a reported earning, or why it cannot be one. */
export const earningOfCommission = (record: Record<string, unknown>): ReportedEarning | string =>
  earningOfParts(
    { noun: "Commission", amount: "commission amount", date: "event date" },
    {
      id: textOf(record.commissionId),
      status: statusOf(record),
      statusText: textOf(record.actionStatus),
      commission: decimalOf(record.pubCommissionAmountUsd),
      currency: "USD",
      transactedAt: dateOf(record.eventDate),
      saleAmount: decimalOf(record.saleAmountUsd),
      clickedAt: dateOf(record.clickDate),
      subId: textOf(record.shopperId),
    },
  );

/** The commissions posted in a range, a batch per request, paced at CJ's limit. */
async function* readCjCommissions(
  settings: CjEarningsSettings,
  connection: SourceConnection,
  range: DateRange,
): AsyncGenerator<EarningsBatch> {
  const token = connection.secret;
  if (!token) throw new SourceError("CJ needs your personal access token: add it to the source", "credentials");
  const address = `${apiBaseOf(connection, CJ)}/query`;
  const pace = pacerFor(connection, CJ_PACE_MS);
  for (const part of rangesOf(range, MAX_RANGE_DAYS)) {
    let after: string | null = null;
    for (let request = 0; ; request++) {
      if (request >= MAX_REQUESTS_PER_RANGE)
        throw new SourceError(
          `CJ lists more commissions than a run reads in one month: ask fewer days back`,
          "bad-feed",
        );
      await pace();
      const response = await openSource(address, connection, {
        name: NAME,
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          query: COMMISSIONS_QUERY,
          variables: {
            publishers: [settings.companyId],
            since: part.from.toISOString(),
            before: new Date(part.to.getTime() + 1000).toISOString(),
            after,
          },
        }),
      });
      const answer = objectOf(await readJson(response, NAME));
      const result = objectOf(objectOf(answer.data).publisherCommissions);
      if (!Array.isArray(result.records)) {
        const error = Array.isArray(answer.errors) ? textOf(objectOf(answer.errors[0]).message) : "";
        throw new SourceError(error ? `CJ refused the query: ${error}` : "CJ answered without commissions", "bad-feed");
      }
      yield earningsBatchOf(result.records.map(objectOf), earningOfCommission);
      after = textOf(result.maxCommissionId) || null;
      if (result.payloadComplete !== false || !after) break;
    }
  }
}

export const cjEarningsAdapter: EarningsAdapter<CjEarningsSettings> = { read: readCjCommissions };
