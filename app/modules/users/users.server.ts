import { createHash, randomBytes } from "node:crypto";

import { and, count, eq, isNull } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { setupTokens, users } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import type { Auth } from "#app/platform/auth.server";

import type { Role } from "./roles";
import { newAccountSchema } from "./user.schema";

export class UserError extends Error {}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * Creates an admin of `role` with a password hashed by better-auth (scrypt). Sign-up is closed, so accounts
 * are made here: by the setup page, ADMIN_EMAIL/ADMIN_PASSWORD at first start, or `npm run user:create`.
 */
export async function createAdmin(
  db: Database,
  auth: Auth,
  input: { email: string; password: string; name?: string; role: Role },
  audit: { action: "setup" | "user_create" | "invitation_accept"; via: string },
) {
  const parsed = newAccountSchema.safeParse(input);
  if (!parsed.success) throw new UserError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const { email, password, name } = parsed.data;
  const { role } = input;
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new UserError(`A user with the email ${email} already exists`);
  }
  const hash = await context.password.hash(password);
  const user = await context.internalAdapter.createUser(
    { email, name: name || email.split("@")[0]!, emailVerified: true, role },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  await recordAudit(db, {
    action: audit.action,
    actor: { id: user.id, email },
    entity: "user",
    entityId: user.id,
    detail: { via: audit.via, role },
  });
  return { id: user.id, email };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time setup token (only its hash is stored); earlier unused ones stop working. */
export async function issueSetupToken(db: Database): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
    await tx.insert(setupTokens).values({ tokenHash: hashToken(token) });
  });
  return token;
}

/** Whether the token can still create the first admin. */
export async function isSetupTokenValid(db: Database, token: string): Promise<boolean> {
  if (!token || (await countUsers(db)) > 0) return false;
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt)));
  return Boolean(row);
}

/** Marks the token used; false when it was not valid (or another request used it first). */
export async function consumeSetupToken(db: Database, token: string): Promise<boolean> {
  const used = await db
    .update(setupTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt)))
    .returning({ id: setupTokens.id });
  return used.length > 0;
}

export type FirstAdminOutcome =
  { kind: "exists" } | { kind: "created"; email: string } | { kind: "setup-link"; token: string };

/**
 * At start: with no user yet, create ADMIN_EMAIL/ADMIN_PASSWORD's admin when both are set,
 * otherwise issue a one-time setup token for the server to print. With users, do nothing.
 */
export async function ensureFirstAdmin(
  db: Database,
  auth: () => Promise<Auth>,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<FirstAdminOutcome> {
  if ((await countUsers(db)) > 0) return { kind: "exists" };
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const user = await createAdmin(
      db,
      await auth(),
      { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: "owner" },
      { action: "user_create", via: "ADMIN_EMAIL" },
    );
    return { kind: "created", email: user.email };
  }
  return { kind: "setup-link", token: await issueSetupToken(db) };
}
