import {
  IMPACT_API,
  IMPACT_PACE_MS,
  impactAuthorization,
  impactNextPage,
} from "#app/modules/sourcing/adapters/impact.server";
import { type SourceConnection, SourceError } from "#app/modules/sourcing/adapters/source-adapter";
import { apiBaseOf, openSource, pacerFor, readJson } from "#app/modules/sourcing/adapters/source-http.server";
import { dateOf, objectOf, textOf } from "#app/modules/sourcing/adapters/values";

import {
  currencyOf,
  type DateRange,
  decimalOf,
  earningOfParts,
  type EarningsAdapter,
  type EarningsBatch,
  earningsBatchOf,
  rangesOf,
} from "./earnings-adapter";
import type { EarningStatus, ReportedEarning } from "./earnings-import.server";
import type { ImpactEarningsSettings } from "./earnings-settings";

// impact.com's Partner API: `GET /Mediapartners/{AccountSID}/Actions` lists the actions (sales, leads) dated
// in a range (`ActionDateStart`, `ActionDateEnd`, ISO 8601), a page at a time (`@nextpageuri`), as JSON
// when asked for, with HTTP Basic (the SID and auth token). Each action carries its state, payout, sale
// amount and currency, and the SubId1 the tracking link was given.

const NAME = "Impact";
const MAX_RANGE_DAYS = 31;
const PAGE_SIZE = 2000;
/** 500,000 actions at most a range. */
const MAX_PAGES_PER_RANGE = 250;

function statusOf(action: Record<string, unknown>): EarningStatus | null {
  switch (textOf(action.State).toUpperCase()) {
    case "PENDING":
      return "pending";
    case "APPROVED":
    case "LOCKED":
      // Cleared: paid out to the partner.
      return textOf(action.ClearedDate) ? "paid" : "approved";
    case "REVERSED":
      return "declined";
    default:
      return null;
  }
}

/** One of Impact's actions as a reported earning, or why it cannot be one. */
export const earningOfAction = (action: Record<string, unknown>): ReportedEarning | string =>
  earningOfParts(
    { noun: "Action", amount: "payout", date: "event date" },
    {
      id: textOf(action.Id),
      status: statusOf(action),
      statusText: textOf(action.State),
      commission: decimalOf(action.Payout),
      currency: currencyOf(action.Currency),
      transactedAt: dateOf(action.EventDate),
      saleAmount: decimalOf(action.Amount),
      clickedAt: dateOf(action.ReferringDate),
      subId: textOf(action.SubId1),
    },
  );

async function* readImpactActions(
  settings: ImpactEarningsSettings,
  connection: SourceConnection,
  range: DateRange,
): AsyncGenerator<EarningsBatch> {
  const token = connection.secret;
  if (!token) throw new SourceError("Impact needs your auth token: add it to the source", "credentials");
  const base = apiBaseOf(connection, IMPACT_API);
  const authorization = impactAuthorization(settings.accountSid, token);
  const pace = pacerFor(connection, IMPACT_PACE_MS);
  for (const part of rangesOf(range, MAX_RANGE_DAYS)) {
    const query = new URLSearchParams({
      ActionDateStart: part.from.toISOString().replace(/\.\d{3}Z$/, "Z"),
      ActionDateEnd: part.to.toISOString().replace(/\.\d{3}Z$/, "Z"),
      PageSize: String(PAGE_SIZE),
    });
    let address: string | null = `${base}/Mediapartners/${settings.accountSid}/Actions?${query}`;
    for (let page = 1; address; page++) {
      if (page > MAX_PAGES_PER_RANGE)
        throw new SourceError(
          "Impact lists more actions than a run reads in one month: ask fewer days back",
          "bad-feed",
        );
      await pace();
      const response = await openSource(address, connection, {
        name: NAME,
        headers: { authorization, accept: "application/json" },
      });
      const answer = objectOf(await readJson(response, NAME));
      if (!Array.isArray(answer.Actions))
        throw new SourceError("Impact answered without a list of actions", "bad-feed");
      yield earningsBatchOf(answer.Actions.map(objectOf), earningOfAction);
      address = impactNextPage(base, answer);
    }
  }
}

export const impactEarningsAdapter: EarningsAdapter<ImpactEarningsSettings> = { read: readImpactActions };
