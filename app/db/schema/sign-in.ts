import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

/** Every sign-in attempt, for the brute-force limits (in the database so all app processes share the counts). */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text().notNull(),
    ip: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_created_idx").on(t.email, t.createdAt.desc()),
    index("login_attempts_ip_created_idx").on(t.ip, t.createdAt.desc()),
    // The daily upkeep (modules/users/sign-in-upkeep.server.ts) deletes old ones, however many an attack wrote.
    index("login_attempts_created_idx").on(t.createdAt),
  ],
);

/** One-time links that create the first admin; only a SHA-256 of the token is kept. */
export const setupTokens = pgTable("setup_tokens", {
  id: id(),
  tokenHash: text().notNull().unique(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});
