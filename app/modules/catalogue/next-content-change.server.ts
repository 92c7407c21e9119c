import { and, gt, min, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { lifecycleOf, windowOf } from "#app/modules/content-types/words";

import { contentTypes } from "./registry.server";

// Pages change without a write when a published row's time comes: a coupon ends, a deal expires, a
// scheduled item is published or unpublished. The page cache keeps pages no longer than the next such moment.

/** The date columns of a type at which its public pages change by themselves. */
function dateColumnsOf(type: AnyContentType): AnyPgColumn[] {
  const { starts, ends } = windowOf(type);
  return [...new Set([...starts, ...ends, ...(type.endsAt ? [type.endsAt] : [])])];
}

/** The next instant after now at which a published row starts or ends, or null when none is coming. */
export async function nextContentChange(db: Executor): Promise<Date | null> {
  const soonest = await Promise.all(
    contentTypes.flatMap((type) => {
      const status = lifecycleOf(type)?.status;
      return dateColumnsOf(type).map(async (column) => {
        const [row] = await db
          .select({ at: min(column) })
          .from(type.table)
          .where(and(gt(column, sql`now()`), status ? sql`${status} = 'published'` : undefined));
        return row?.at ? new Date(row.at as Date | string) : null;
      });
    }),
  );
  const times = soonest.filter((at): at is Date => at !== null).map((at) => at.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
