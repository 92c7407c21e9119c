import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id } from "./common";

/** One row per sign-in, sign-out and admin write; the dashboard's Recent Activity reads it. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);
