import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id } from "./common";

/**
 * A link that shows a draft or scheduled item's public page to someone without an account. Its address is
 * signed over the row and its expiry (modules/previews/preview-links.server.ts); it stops at its expiry or
 * when revoked.
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: id(),
    /** The content type's key (`deal`, `gift`, `guide`). */
    kind: text().notNull(),
    itemId: uuid().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  // An item's links, newest first, for its form.
  (t) => [index("preview_links_item_idx").on(t.kind, t.itemId, t.createdAt.desc())],
);
