import { asc, eq } from "drizzle-orm";

import { cappedCount } from "#app/db/capped-count";
import type { Executor } from "#app/db/client.server";
import { clickOutTypes } from "#app/modules/catalogue/click-out.server";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { adminPathOf, lifecycleOf, titleCase, titleColumnOf } from "#app/modules/content-types/words";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

import type { ReportRow } from "./analytics-view";

const UNCLICKED_ROWS = 20;

/** Live items nobody clicked out to lately: a count per type and the oldest few. */
export interface UnclickedItems {
  counts: Array<{ kind: string; noun: string; count: number }>;
  rows: ReportRow[];
}

/**
 * Live items with no click-out in the last 30 days: a capped count per type and the oldest few. The same
 * whatever the view's range, so kept until content changes (the recent-clicks job's counts are content
 * too) or a minute passes: switching ranges does not read it again.
 */
export const unclickedOf = keptUntilContentChanges(
  async (db: Executor, kind: string | null): Promise<UnclickedItems> => {
    // Every type with a lifecycle keeps its rows' recent clicks (recent-clicks.server.ts), read off its index.
    const types = clickOutTypes.flatMap((type) =>
      lifecycleOf(type) && type.clickOut?.recentClicks && (!kind || kind === type.key)
        ? [{ type, recentClicks: type.clickOut.recentClicks }]
        : [],
    );
    const perType = await Promise.all(
      types.map(async ({ type, recentClicks }) => {
        // A builder per use: limit() and orderBy() change the builder they are called on.
        const query = () =>
          db
            .select({
              value: type.table.id,
              label: titleColumnOf(type),
              createdAt: type.table.createdAt,
            })
            .from(publicRows(type, { live: true }))
            .where(eq(recentClicks, 0));
        const [count, rows] = await Promise.all([
          cappedCount(db, query()),
          query().orderBy(asc(type.table.createdAt)).limit(UNCLICKED_ROWS),
        ]);
        return {
          type,
          count,
          rows: rows.map((row) => ({
            ...row,
            createdAt: new Date(row.createdAt as string | Date),
          })),
        };
      }),
    );
    const rows = perType
      .flatMap(({ type, rows: found }) =>
        found.map((row) => ({
          value: String(row.value),
          label: String(row.label),
          clicks: 0,
          kind: titleCase(type.noun.one),
          href: `${adminPathOf(type)}/edit/${String(row.value)}`,
          at: row.createdAt.getTime(),
        })),
      )
      .sort((a, b) => a.at - b.at)
      .slice(0, UNCLICKED_ROWS)
      .map(({ at: _at, ...row }) => row);
    return {
      counts: perType.map(({ type, count }) => ({
        kind: type.key,
        noun: titleCase(type.noun.many),
        count,
      })),
      rows,
    };
  },
  { maxAgeMs: 60_000 },
);
