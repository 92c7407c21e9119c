import { and, asc, eq, gt, ilike } from "drizzle-orm";

import { cappedCount } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { newsletterSubscribers, type SubscriberState, subscriberStates } from "#app/db/schema";
import { containsPattern } from "#app/db/sql-text";
import { pageParam } from "#app/lib/page-window";
import { csvLines } from "#app/platform/csv.server";

// The admin's list of newsletter addresses: a page at a time (newest first), searched by address (a trigram
// index) and filtered by state, with a capped count; and all of them as CSV, read in batches.

export const SUBSCRIBERS_PAGE_SIZE = 50;
const CSV_BATCH = 5_000;

export interface SubscriberFilters {
  q: string;
  state: SubscriberState | null;
  page: number;
}

export function readSubscriberFilters(params: URLSearchParams): SubscriberFilters {
  const state = params.get("state");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    state: subscriberStates.includes(state as SubscriberState) ? (state as SubscriberState) : null,
    page: pageParam(params, 10_000),
  };
}

/**
 * A page of addresses, newest first (read off an index; one row past the page says whether more follow), and
 * how many there are in each state, each counted up to COUNT_CAP + 1 off the state index.
 */
export async function subscribersPage(db: Executor, filters: SubscriberFilters) {
  const where = and(
    filters.state ? eq(newsletterSubscribers.state, filters.state) : undefined,
    filters.q ? ilike(newsletterSubscribers.email, containsPattern(filters.q)) : undefined,
  );
  const [rows, ...perState] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(descNullsLast(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE + 1)
      .offset((filters.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    ...subscriberStates.map((state) =>
      cappedCount(
        db,
        db
          .select({ id: newsletterSubscribers.id })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.state, state)),
      ),
    ),
  ]);
  const counts = Object.fromEntries(subscriberStates.map((state, index) => [state, perState[index] ?? 0])) as Record<
    SubscriberState,
    number
  >;
  return { rows: rows.slice(0, SUBSCRIBERS_PAGE_SIZE), hasNext: rows.length > SUBSCRIBERS_PAGE_SIZE, counts };
}

const isoOrEmpty = (value: Date | null) => (value ? value.toISOString() : "");

/** Every address with its state and dates (read in batches, by id). */
export async function subscribersCsv(db: Executor): Promise<string> {
  const lines: string[] = [csvLines([["Email", "State", "Subscribed", "Confirmed", "Unsubscribed"]], { first: true })];
  let after = "";
  for (;;) {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(after ? gt(newsletterSubscribers.id, after) : undefined)
      .orderBy(asc(newsletterSubscribers.id))
      .limit(CSV_BATCH);
    lines.push(
      csvLines(
        rows.map((row) => [
          row.email,
          row.state,
          isoOrEmpty(row.createdAt),
          isoOrEmpty(row.confirmedAt),
          isoOrEmpty(row.unsubscribedAt),
        ]),
      ),
    );
    if (rows.length < CSV_BATCH) return lines.join("");
    after = rows.at(-1)!.id;
  }
}
