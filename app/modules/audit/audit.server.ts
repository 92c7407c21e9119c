import { desc } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { auditLog } from "#app/db/schema";
import type { AuditAction } from "#app/lib/activity";

export interface AuditEntry {
  action: AuditAction;
  actor?: { id?: string | null; email?: string | null } | null;
  entity?: string;
  entityId?: string;
  detail?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction so the row commits with the change it describes. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? null,
  });
}

/** What a view of the log shows of a row. */
export const activityColumns = {
  id: auditLog.id,
  action: auditLog.action,
  actorEmail: auditLog.actorEmail,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  detail: auditLog.detail,
  createdAt: auditLog.createdAt,
};

/** The newest audit rows, for the dashboard's Recent Activity. */
export async function recentActivity(db: Executor, limit = 10) {
  return db.select(activityColumns).from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
