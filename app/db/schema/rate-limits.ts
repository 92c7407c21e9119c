import { index, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

/** Recent form posts per visitor for the public forms' rate limits; the key is a keyed hash, never an IP. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: id(),
    bucket: text().notNull(),
    keyHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_events_lookup_idx").on(t.bucket, t.keyHash, t.createdAt.desc())],
);
