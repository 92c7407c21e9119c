import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const linkTargets = ["link", "image"] as const;
export type LinkTarget = (typeof linkTargets)[number];

/**
 * The last check of each live item's outbound link and of its picture (`target`; modules/link-health):
 * `failures` counts consecutive failed checks of the same URL; two or more put the item in Needs attention.
 */
export const linkChecks = pgTable(
  "link_checks",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    target: text().$type<LinkTarget>().notNull().default("link"),
    url: text().notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    status: integer(),
    problem: text(),
    failures: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.target] }),
    check("link_checks_target", sql`${t.target} IN ('link', 'image')`),
    index("link_checks_failing_idx")
      .on(t.failures)
      .where(sql`${t.failures} >= 2`),
    // Links that failed once, by when, for their retry: a run finds them without reading every item.
    index("link_checks_retry_idx")
      .on(t.kind, t.target, t.checkedAt)
      .where(sql`${t.failures} = 1`),
  ],
);

/** Where an item's click-outs go while its own link is flagged broken (set from Needs attention). */
export const linkFallbacks = pgTable(
  "link_fallbacks",
  {
    kind: text().notNull(),
    itemId: uuid().notNull(),
    url: text().notNull(),
    setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
