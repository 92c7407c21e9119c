import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id } from "./common";

/**
 * An owner's invitation to join the admin with a role. Its link is signed over the row and its expiry
 * (modules/users/invitations.server.ts), works once, and stops when revoked (the row is deleted).
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    email: text().notNull(),
    role: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  // One open invitation per address: inviting again replaces it.
  (t) => [
    uniqueIndex("invitations_open_email_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL`),
  ],
);
