import { index, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, id } from "./common";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);
