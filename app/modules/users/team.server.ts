import { asc, count, eq, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { sessions, twoFactors, users } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { recordAudit } from "#app/modules/audit/audit.server";

import { type Role, roleOf } from "./roles";

// The owner's view of the team: who has which role, a role changed, a person removed. There is always at
// least one owner: the check and the change happen under a lock on the owners' rows, so two owners demoting
// each other at once cannot both succeed.

/** The most people the users page lists. */
export const USERS_SHOWN = 200;

export const LAST_OWNER = "There must always be at least one owner. Make someone else an owner first.";
export const NOT_YOURSELF = "You cannot remove yourself. Another owner can.";
export const NO_SUCH_USER = "That user no longer exists";

export async function teamMembers(db: Executor) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        twoFactor: users.twoFactorEnabled,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(asc(users.email))
      .limit(USERS_SHOWN),
    db.select({ n: count() }).from(users),
  ]);
  return { members: rows.map((row) => ({ ...row, role: roleOf(row.role) })), total: total?.n ?? 0 };
}

type Outcome = { ok: true; email: string } | { ok: false; message: string };

/** Runs `change` on a user while the owners are locked, unless it would leave no owner. */
async function withOwnersKept(
  db: Database,
  userId: string,
  staysOwner: boolean,
  change: (tx: Database, target: { email: string; role: Role }) => Promise<void>,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const owners = rowsOf(await tx.execute(sql`SELECT id FROM users WHERE role = 'owner' ORDER BY id FOR UPDATE`));
    const [row] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
    if (!row) return { ok: false, message: NO_SUCH_USER };
    const target = { email: row.email, role: roleOf(row.role) };
    if (target.role === "owner" && !staysOwner && owners.length <= 1) return { ok: false, message: LAST_OWNER };
    await change(tx, target);
    return { ok: true, email: target.email };
  });
}

/** Gives a user another role; the change holds from their next request. */
export async function changeRole(db: Database, owner: Actor, userId: string, role: Role): Promise<Outcome> {
  return withOwnersKept(db, userId, role === "owner", async (tx, target) => {
    if (target.role === role) return;
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await recordAudit(tx, {
      action: "user_role",
      actor: owner,
      entity: "user",
      entityId: userId,
      detail: { email: target.email, from: target.role, to: role },
    });
  });
}

/** Removes a user: their sessions end at once; what they wrote stays, no longer credited to them. */
export async function removeUser(db: Database, owner: Actor, userId: string): Promise<Outcome> {
  if (userId === owner.id) return { ok: false, message: NOT_YOURSELF };
  return withOwnersKept(db, userId, false, async (tx, target) => {
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      action: "user_remove",
      actor: owner,
      entity: "user",
      entityId: userId,
      detail: { email: target.email, role: target.role },
    });
  });
}

/**
 * Recovery for someone who lost their phone and their backup codes: an owner takes their second factor away
 * and signs them out everywhere; they sign in with their password and set up an app again.
 */
export async function resetTwoFactor(db: Database, owner: Actor, userId: string): Promise<Outcome> {
  if (userId === owner.id) return { ok: false, message: "Your own second factor is changed under Security." };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ twoFactorEnabled: false })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!row) return { ok: false, message: NO_SUCH_USER };
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, {
      action: "two_factor",
      actor: owner,
      entity: "user",
      entityId: userId,
      detail: { did: "reset", email: row.email },
    });
    return { ok: true, email: row.email };
  });
}
