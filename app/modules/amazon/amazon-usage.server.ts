import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { amazonRequestDays } from "#app/db/schema";
import { formatCount } from "#app/lib/counts";

import { type AmazonApi, getItemsRequests } from "./amazon-api.server";
import { amazonDailyBudget } from "./amazon-settings.server";

// Amazon grants an account a number of requests a day. Every request the site makes is counted against the
// day (UTC); saved searches take theirs only while the owner's daily budget lasts, so keeping shown prices
// fresh (which is never held back) always has room (ADR 0043).

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Counts requests made (a price refresh's, an approval's) against today. */
export async function countAmazonRequests(db: Executor, requests: number, now = new Date()): Promise<void> {
  if (requests <= 0) return;
  await db
    .insert(amazonRequestDays)
    .values({ day: dayOf(now), requests })
    .onConflictDoUpdate({
      target: amazonRequestDays.day,
      set: { requests: sql`${amazonRequestDays.requests} + ${requests}` },
    });
}

/** Takes one request from today's budget: false when it is spent (one statement, so two runs never overdraw). */
export async function takeAmazonRequest(db: Executor, budget: number, now = new Date()): Promise<boolean> {
  const taken = await db
    .insert(amazonRequestDays)
    .values({ day: dayOf(now), requests: 1 })
    .onConflictDoUpdate({
      target: amazonRequestDays.day,
      set: { requests: sql`${amazonRequestDays.requests} + 1` },
      setWhere: sql`${amazonRequestDays.requests} < ${budget}`,
    })
    .returning({ requests: amazonRequestDays.requests });
  return taken.length > 0;
}

export interface AmazonUsage {
  used: number;
  budget: number;
}

/** Today's requests and the owner's budget: "Amazon: 1,740 of 8,640 today". */
export async function amazonUsageToday(db: Executor, now = new Date()): Promise<AmazonUsage> {
  const [[today], budget] = await Promise.all([
    db
      .select({ requests: amazonRequestDays.requests })
      .from(amazonRequestDays)
      .where(sql`${amazonRequestDays.day} = ${dayOf(now)}`),
    amazonDailyBudget(db),
  ]);
  return { used: today?.requests ?? 0, budget };
}

/** A search asked for after the day's budget was spent: it waits for tomorrow's. */
export class AmazonBudgetSpent extends Error {
  constructor(readonly usage: AmazonUsage) {
    super(
      `Amazon's request budget for today is spent (${formatCount(usage.used)} of ${formatCount(usage.budget)}): searches run again tomorrow`,
    );
  }
}

/**
 * The account's client as the site uses it: every request counted against the day, and searches made only
 * while the day's budget lasts (a product's own data, which keeps shown prices fresh, is never held back).
 */
export function meteredAmazon(api: AmazonApi, db: Executor): AmazonApi {
  const counted = async <T>(requests: number, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      await countAmazonRequests(db, requests);
    }
  };
  return {
    currency: api.currency,
    getItems: (asins) => counted(getItemsRequests(asins), () => api.getItems(asins)),
    async searchItems(search, page) {
      const budget = await amazonDailyBudget(db);
      if (!(await takeAmazonRequest(db, budget))) throw new AmazonBudgetSpent(await amazonUsageToday(db));
      return api.searchItems(search, page);
    },
    // Reports are read a few times a day: counted, never held back (what was earned matters more than a search).
    listReports: () => counted(1, () => api.listReports()),
    reportUrl: (filename) => counted(1, () => api.reportUrl(filename)),
  };
}

/** How long until the budget is new again (the next UTC midnight). */
export function untilTomorrow(now = new Date()): number {
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}
