import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

import { EARNING_LIST_DAYS, EPC_MIN_CLICKS, type ReportRow } from "./analytics-view";
import type { Counted } from "./click-range-tops.server";
import { labelled } from "./click-tables.server";

// Two lists beside the report, over the last 60 days whatever the view's range (like "Published, 0 clicks
// in 30 days"): the items that earn most per click, and the most clicked items that earned nothing, which
// is where a broken tag or a network that stopped paying shows. Both read the 60-day windows of clicks
// and sales (`click_windows`), one row per item.

const LIST_ROWS = 10;

export interface EarningLists {
  /** Whether any transaction was ever imported: until then the lists would say nothing. */
  any: boolean;
  mostPerClick: ReportRow[];
  neverEarned: ReportRow[];
}

type Earned = Counted & { sales: number; cents: number };

/**
 * The lists for a type (or every type). The same whatever the view's range and moved only by the roll-up
 * (every minute), so kept for a minute: switching views does not read them again.
 */
export const earningListsOf = keptUntilContentChanges(
  async (db: Executor, kind: string | null): Promise<EarningLists> => {
    const ofKind = (alias: string) => (kind ? sql`AND ${sql.identifier(alias)}.kind = ${kind}` : sql``);
    const [any, mostPerClick, neverEarned] = await Promise.all([
      db.execute(sql`SELECT EXISTS (SELECT 1 FROM earnings) AS any`),
      db.execute(sql`
      SELECT s.value, s.kind, c.clicks, s.clicks AS sales, s.cents::float8 AS cents FROM click_windows s
      JOIN click_windows c ON c.days = s.days AND c.facet = 'item' AND c.value = s.value AND c.kind = s.kind AND c.action = 'click'
      WHERE s.days = ${EARNING_LIST_DAYS} AND s.facet = 'item' AND s.action = 'sale' AND s.cents > 0
        AND c.clicks >= ${EPC_MIN_CLICKS} ${ofKind("s")}
      ORDER BY s.cents::float8 / c.clicks DESC, c.clicks DESC, s.value LIMIT ${LIST_ROWS}`),
      db.execute(sql`
      SELECT c.value, c.kind, c.clicks, 0 AS sales, 0 AS cents FROM click_windows c
      WHERE c.days = ${EARNING_LIST_DAYS} AND c.facet = 'item' AND c.action = 'click' ${ofKind("c")}
        AND NOT EXISTS (
          SELECT 1 FROM click_windows s
          WHERE s.days = c.days AND s.facet = 'item' AND s.value = c.value AND s.kind = c.kind AND s.action = 'sale' AND s.cents > 0
        )
      ORDER BY c.clicks DESC NULLS LAST, c.value LIMIT ${LIST_ROWS}`),
    ]);
    const withSales = async (rows: Earned[]) =>
      (await labelled(db, "items", rows)).map((row, index) => ({
        ...row,
        sales: rows[index]!.sales,
        cents: rows[index]!.cents,
      }));
    return {
      any: rowsOf<{ any: boolean }>(any)[0]?.any ?? false,
      mostPerClick: await withSales(rowsOf<Earned>(mostPerClick)),
      neverEarned: await withSales(rowsOf<Earned>(neverEarned)),
    };
  },
  { maxAgeMs: 60_000 },
);
