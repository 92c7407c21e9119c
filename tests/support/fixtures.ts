import { desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#app/db/client.server";
import { auditLog, stores, users } from "#app/db/schema";

export const actor = { id: "00000000-0000-4000-8000-000000000001", email: "admin@example.com" };

/** The admin the audit rows point at (audit_log.actor_id references users). */
export async function insertActor(db: Database) {
  await db.insert(users).values({ id: actor.id, email: actor.email, name: "Admin" }).onConflictDoNothing();
}

/** The messages a schema gives for this input, by field. */
export function messagesFor(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_form";
    (messages[key] ??= []).push(issue.message);
  }
  return messages;
}

export async function insertStore(db: Database, name = "Acme", slug = "acme") {
  const [store] = await db.insert(stores).values({ name, slug }).returning();
  return store!;
}

/** Audit rows, newest first, as "action entity title". */
export async function auditTrail(db: Database) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt));
  return rows.map((row) => [row.action, row.entity, row.detail?.title].filter(Boolean).join(" "));
}
