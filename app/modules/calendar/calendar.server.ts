import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { contentTypes } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { adminPathOf, lifecycleOf, titleCase, titleColumnOf } from "#app/modules/content-types/words";

// The week ahead in the admin (Calendar): what goes live, leaves and ends, read off each type's schedule and
// end columns (their indexes: `*_publish_at_idx`, `*_unpublish_at_idx`, a deal's expiry, a coupon's last day).
// Each column brings at most PER_COLUMN rows of the week, and says how many more there are.

const PER_COLUMN = 100;

export type CalendarHappening = "goes live" | "leaves" | "ends";

export interface CalendarEntry {
  at: Date;
  happening: CalendarHappening;
  noun: string;
  title: string;
  href: string;
}

export interface CalendarWeek {
  entries: CalendarEntry[];
  /** Rows past PER_COLUMN, by type and happening ("deals that end: 120 more"). */
  more: Array<{ noun: string; happening: CalendarHappening; count: number }>;
}

/** Published items whose publish, unpublish or end time falls in [from, to). */
export async function calendarWeek(db: Executor, from: Date, to: Date): Promise<CalendarWeek> {
  const columns = contentTypes.flatMap((type) => {
    const lifecycle = lifecycleOf(type);
    if (!lifecycle) return [];
    const happenings: Array<[AnyPgColumn | undefined, CalendarHappening]> = [
      [lifecycle.publishAt, "goes live"],
      [lifecycle.unpublishAt, "leaves"],
      [lifecycle.endsAt, "ends"],
    ];
    return happenings.flatMap(([column, happening]) =>
      column ? [{ type, status: lifecycle.status, column, happening }] : [],
    );
  });
  const read = await Promise.all(
    columns.map(async ({ type, status, column, happening }) => {
      const inWeek = and(eq(status, "published"), gte(column, from), lt(column, to));
      const rows = await db
        .select({ id: type.table.id, title: sql<string>`${titleColumnOf(type)}`, at: sql<Date | string>`${column}` })
        .from(type.table)
        .where(inWeek)
        .orderBy(asc(column))
        .limit(PER_COLUMN + 1);
      const extra =
        rows.length > PER_COLUMN
          ? (await db.select({ n: count() }).from(type.table).where(inWeek))[0]!.n - PER_COLUMN
          : 0;
      return { type, happening, rows: rows.slice(0, PER_COLUMN), extra };
    }),
  );
  const noun = (type: AnyContentType) => titleCase(type.noun.one);
  return {
    entries: read
      .flatMap(({ type, happening, rows }) =>
        rows.map((row) => ({
          at: new Date(row.at),
          happening,
          noun: noun(type),
          title: row.title,
          href: `${adminPathOf(type)}/edit/${String(row.id)}`,
        })),
      )
      .sort((a, b) => a.at.getTime() - b.at.getTime()),
    more: read
      .filter(({ extra }) => extra > 0)
      .map(({ type, happening, extra }) => ({ noun: titleCase(type.noun.many), happening, count: extra })),
  };
}
