import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { id } from "./common";

/**
 * One saved version of a content item: its form's fields after a save (`snapshot`), what that save changed
 * (`changes`: each field before and after), who saved it and how (`detail`: a restore, a bulk action, an
 * import). Kept 50 an item, one a day past 30 days; Amazon's fields leave it at `amazon_until`
 * (modules/revisions/revision-log.server.ts).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: id(),
    /** The content type's key (`deal`, `gift`). */
    kind: text().notNull(),
    itemId: uuid().notNull(),
    // The clock, not the transaction's start: a restore keeps the version it replaces and then its own.
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    changes: jsonb().$type<Array<{ field: string; before: unknown; after: unknown }>>().notNull(),
    /** When Amazon's fields (price, image, rating) must leave this revision: 24 hours after an Amazon item's save. */
    amazonUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    // An item's revisions newest first: its page, its newest, and what is past the 50 kept.
    index("content_revisions_item_idx").on(t.kind, t.itemId, t.createdAt.desc(), t.id.desc()),
    index("content_revisions_amazon_idx")
      .on(t.amazonUntil)
      .where(sql`${t.amazonUntil} IS NOT NULL`),
    // The daily thinning reads the revisions that turned 30 days old.
    index("content_revisions_created_idx").on(t.createdAt),
  ],
);
