import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { createdAt, id } from "./common";

/** One row per sign-in, sign-out and admin write; the dashboard's Recent Activity and Admin → Activity read it. */
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
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    // The activity view's filters, each newest first (modules/audit/activity.server.ts).
    index("audit_log_actor_created_idx").on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_created_idx").on(t.entity, t.createdAt.desc(), t.id.desc()),
    // One item's newest rows (who saved it last: a refused conflicting save names them).
    index("audit_log_item_created_idx").on(t.entity, t.entityId, t.createdAt.desc()),
    index("audit_log_action_created_idx").on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
