import { and, asc, eq, gt, isNull } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { invitations, users } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { isUuid } from "#app/lib/uuid";
import { recordAudit } from "#app/modules/audit/audit.server";
import { mailBody } from "#app/modules/mail/mail-body.server";
import { queueMail } from "#app/modules/mail/outbox.server";
import { signedToken, tokenMatches } from "#app/modules/mail/signed-link.server";
import type { Auth } from "#app/platform/auth.server";
import type { AppServices } from "#app/platform/load-context";

import { type Role, ROLE_LABELS, roleOf } from "./roles";
import { createAdmin, UserError } from "./users.server";

// An owner invites someone by email with a role. The link signs the invitation's row and its expiry with
// the app secret, so neither can be changed in the address; it works once, for INVITATION_DAYS, and stops
// when the owner revokes it (its row is deleted). The message goes through the outbox like every other.

export const INVITATION_DAYS = 7;
/** The most invitations the users page lists (the oldest open ones past it wait unseen until they expire). */
export const INVITATIONS_SHOWN = 100;

export const INVITATION_INVALID = "This invitation link is not valid. Ask an owner to invite you again.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask an owner to invite you again.";
export const INVITATION_USED = "This invitation has already been used. Sign in instead.";
export const ALREADY_A_USER = "A user with this email already exists";

type Services = Pick<AppServices, "env" | "appSecret">;

const PURPOSE = "invitation";
const signedPart = (invitation: { id: string; expiresAt: Date }) =>
  `${invitation.id}@${invitation.expiresAt.getTime()}`;

/** The address an invitation's message carries. */
export function invitationUrl(services: Services, invitation: { id: string; expiresAt: Date }): string {
  const token = signedToken(services.appSecret, PURPOSE, signedPart(invitation));
  const query = new URLSearchParams({ id: invitation.id, token });
  return `${services.env.PUBLIC_URL}/admin/invitation?${query}`;
}

function invitationMessage(services: Services, invitation: { id: string; email: string; role: Role; expiresAt: Date }) {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const body = mailBody({
    heading: "You're invited to the DealDash admin",
    paragraphs: [
      `You have been invited to help run DealDash as ${/^[aeiou]/.test(role) ? "an" : "a"} ${role}.`,
      `Choose your password through the button below within ${INVITATION_DAYS} days. The link works once.`,
    ],
    action: { label: "Accept the invitation", url: invitationUrl(services, invitation) },
    footer: ["If you did not expect this, ignore it: without the link, no account is made."],
  });
  return { to: invitation.email, subject: "You're invited to the DealDash admin", ...body, purpose: PURPOSE };
}

export type InviteResult = { ok: true; url: string } | { ok: false; message: string };

/** Invites `email` with `role` (replacing an open invitation to it) and queues the message, in one transaction. */
export async function invite(
  db: Database,
  services: Services,
  owner: Actor,
  input: { email: string; role: Role },
  now = new Date(),
): Promise<InviteResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) return { ok: false, message: ALREADY_A_USER };
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const invitation = await db.transaction(async (tx) => {
    await tx.delete(invitations).where(and(eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({ email: input.email, role: input.role, invitedBy: owner.id, expiresAt })
      .returning();
    const made = { ...row!, role: input.role };
    await queueMail(tx, services.env, invitationMessage(services, made));
    await recordAudit(tx, {
      action: "user_invite",
      actor: owner,
      entity: "invitation",
      entityId: made.id,
      detail: { email: input.email, role: input.role },
    });
    return made;
  });
  return { ok: true, url: invitationUrl(services, invitation) };
}

/** Open invitations, soonest to expire first, with their links (the owner may hand one over directly). */
export async function openInvitations(db: Executor, services: Services, now = new Date()) {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(asc(invitations.expiresAt))
    .limit(INVITATIONS_SHOWN);
  return rows.map((row) => ({ ...row, role: roleOf(row.role), url: invitationUrl(services, row) }));
}

/** Deletes an open invitation: its link stops working. False when there was none. */
export async function revokeInvitation(db: Database, owner: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
      .returning({ email: invitations.email });
    if (row) {
      await recordAudit(tx, {
        action: "invitation_revoke",
        actor: owner,
        entity: "invitation",
        entityId: id,
        detail: { email: row.email },
      });
    }
    return Boolean(row);
  });
}

export type InvitationCheck =
  { ok: true; invitation: { id: string; email: string; role: Role } } | { ok: false; message: string };

/** The invitation a link names, if its signature holds and it is still open. */
export async function readInvitation(
  db: Executor,
  services: Services,
  link: { id: string | null; token: string | null },
  now = new Date(),
): Promise<InvitationCheck> {
  if (!isUuid(link.id)) return { ok: false, message: INVITATION_INVALID };
  const [row] = await db.select().from(invitations).where(eq(invitations.id, link.id)).limit(1);
  if (!row || !tokenMatches(services.appSecret, PURPOSE, signedPart(row), link.token)) {
    return { ok: false, message: INVITATION_INVALID };
  }
  if (row.acceptedAt) return { ok: false, message: INVITATION_USED };
  if (row.expiresAt <= now) return { ok: false, message: INVITATION_EXPIRED };
  return { ok: true, invitation: { id: row.id, email: row.email, role: roleOf(row.role) } };
}

/**
 * Makes the invited account: the invitation is claimed first (one claim wins), then the account is made
 * with its email and role; if that fails, the claim is undone so the link still works.
 */
export async function acceptInvitation(
  db: Database,
  auth: Auth,
  services: Services,
  input: { id: string; token: string; name?: string; password: string },
  now = new Date(),
): Promise<InvitationCheck> {
  const check = await readInvitation(db, services, input, now);
  if (!check.ok) return check;
  const [claimed] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, input.id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (!claimed) return { ok: false, message: INVITATION_USED };
  const { email, role } = check.invitation;
  try {
    await createAdmin(
      db,
      auth,
      { email, password: input.password, name: input.name, role },
      { action: "invitation_accept", via: "invitation" },
    );
  } catch (error) {
    await db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, input.id));
    if (error instanceof UserError) return { ok: false, message: error.message };
    throw error;
  }
  return check;
}
