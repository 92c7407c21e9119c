import { sql } from "drizzle-orm";
import { type ExtraConfigColumn, index, timestamp, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";

/**
 * Who made a row with drafts, and when they last submitted it for review: a contributor may change only
 * their own drafts, and an editor finds what waits for review in Needs attention.
 */
export const authorshipColumns = () => ({
  authorId: uuid().references(() => users.id, { onDelete: "set null" }),
  submittedAt: timestamp({ withTimezone: true }),
});

/** A contributor's own rows; the rows submitted for review (few, at any size). */
export function authorshipIndexes(table: string, t: Record<"authorId" | "submittedAt", ExtraConfigColumn>) {
  return [
    index(`${table}_author_idx`).on(t.authorId),
    index(`${table}_submitted_idx`)
      .on(t.submittedAt)
      .where(sql`${t.submittedAt} IS NOT NULL`),
  ];
}
