import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { accounts, auditLog, loginAttempts, passkeys, sessions, users } from "#app/db/schema";
import type { Auth } from "#app/platform/auth.server";

import { testAuth } from "../../../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { delayForEmailFailures, LOGIN_WINDOW_MS } from "./login-attempts.server";
import { INVALID_CREDENTIALS, signIn, signOut } from "./sign-in.server";
import { consumeSetupToken, createAdmin, ensureFirstAdmin, isSetupTokenValid, UserError } from "./users.server";

let t: TestDatabase;
let auth: Auth;
beforeAll(async () => {
  t = await createTestDatabase();
  auth = await testAuth(t.db);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const headers = () => new Headers({ origin: "http://localhost:3000" });
const attempt = (password: string, ip = "10.0.0.1", email = "admin@example.com") => ({
  email,
  password,
  ip,
  headers: headers(),
});

async function actions() {
  return (await t.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
}

describe("admin accounts", () => {
  it("hashes the password with a slow KDF and never stores it in clear", async () => {
    const user = await createAdmin(
      t.db,
      auth,
      { email: "Admin@Example.com", password: "correct horse", role: "owner" },
      { action: "user_create", via: "test" },
    );
    expect(user.email).toBe("admin@example.com");
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account!.password).not.toContain("correct horse");
    expect(account!.password!.length).toBeGreaterThan(40);
    expect(await actions()).toEqual(["user_create"]);
  });

  it("refuses passwords under 8 characters and a second account with the same email", async () => {
    await expect(
      createAdmin(
        t.db,
        auth,
        { email: "a@example.com", password: "short", role: "owner" },
        { action: "user_create", via: "test" },
      ),
    ).rejects.toThrow("Password must be at least 8 characters");
    await createAdmin(
      t.db,
      auth,
      { email: "a@example.com", password: "long enough", role: "owner" },
      { action: "user_create", via: "test" },
    );
    await expect(
      createAdmin(
        t.db,
        auth,
        { email: "a@example.com", password: "long enough", role: "owner" },
        { action: "user_create", via: "test" },
      ),
    ).rejects.toThrow(UserError);
  });

  it("creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD once, and never a second", async () => {
    expect(
      await ensureFirstAdmin(t.db, async () => auth, {
        ADMIN_EMAIL: "first@example.com",
        ADMIN_PASSWORD: "first-password",
      }),
    ).toEqual({
      kind: "created",
      email: "first@example.com",
    });
    expect(
      await ensureFirstAdmin(t.db, async () => auth, {
        ADMIN_EMAIL: "other@example.com",
        ADMIN_PASSWORD: "other-password",
      }),
    ).toEqual({ kind: "exists" });
    expect((await t.db.select().from(users)).map((u) => u.email)).toEqual(["first@example.com"]);
  });

  it("issues a one-time setup token when no admin is configured", async () => {
    const outcome = await ensureFirstAdmin(t.db, async () => auth, {});
    expect(outcome.kind).toBe("setup-link");
    const token = outcome.kind === "setup-link" ? outcome.token : "";
    expect(await isSetupTokenValid(t.db, token)).toBe(true);
    expect(await isSetupTokenValid(t.db, "guess")).toBe(false);
    expect(await consumeSetupToken(t.db, token)).toBe(true);
    expect(await consumeSetupToken(t.db, token)).toBe(false);
  });
});

describe("sign-in", () => {
  beforeEach(async () => {
    await createAdmin(
      t.db,
      auth,
      { email: "admin@example.com", password: "right-password", role: "owner" },
      { action: "user_create", via: "test" },
    );
  });

  it("signs in with the right password and creates a database session", async () => {
    const result = await signIn(t.db, auth, attempt("right-password"));
    expect(result.ok).toBe(true);
    expect(result.ok && result.cookies.join(";")).toMatch(/dealdash\.session_token=/);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect(await actions()).toContain("sign_in");
  });

  it("asks an account whose second factor is a passkey for it after a right password, and keeps no session", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.email, "admin@example.com"));
    await t.db.insert(passkeys).values({
      userId: owner!.id,
      publicKey: "a-public-key",
      credentialID: "a-credential",
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect(await signIn(t.db, auth, attempt("right-password"))).toEqual({ ok: "passkey", cookies: [] });
    expect(await t.db.select().from(sessions)).toEqual([]);
    expect(await actions()).not.toContain("sign_in");
    // A wrong password is told as before: the passkey step says nothing of an unknown password.
    expect(await signIn(t.db, auth, attempt("wrong-password"))).toMatchObject({ ok: false, status: 401 });
  });

  it("answers an unknown email and a wrong password with the same message", async () => {
    const wrong = await signIn(t.db, auth, attempt("wrong-password"));
    const unknown = await signIn(t.db, auth, attempt("right-password", "10.0.0.1", "nobody@example.com"));
    expect(wrong).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    const failed = await t.db.select().from(auditLog).where(eq(auditLog.action, "sign_in_failed"));
    expect(failed.map((row) => row.actorEmail).sort()).toEqual(["admin@example.com", "nobody@example.com"]);
    expect(JSON.stringify(failed)).not.toContain("wrong-password");
  });

  it("blocks an email from one address after 5 failures there, even with the right password, until the window passes", async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(t.db, auth, attempt("wrong-password", "10.0.0.1"))).ok).toBe(false);
    const locked = await signIn(t.db, auth, attempt("right-password", "10.0.0.1"));
    expect(locked.ok).toBe(false);
    expect(!locked.ok && locked.status).toBe(429);
    expect(!locked.ok && locked.message).toMatch(/Too many failed sign-in attempts\. Please try again in 15 minutes\./);
    const later = new Date(Date.now() + LOGIN_WINDOW_MS + 1000);
    expect((await signIn(t.db, auth, attempt("right-password", "10.0.0.1"), { now: later })).ok).toBe(true);
  });

  it("lets the owner in from a clean address while another address is blocked for the same email", async () => {
    for (let i = 0; i < 5; i++) await signIn(t.db, auth, attempt("wrong-password", "10.0.0.1"));
    expect((await signIn(t.db, auth, attempt("right-password", "10.0.0.1"))).ok).toBe(false);
    expect((await signIn(t.db, auth, attempt("right-password", "10.9.9.9"))).ok).toBe(true);
  });

  it("slows an email attacked from many addresses with a growing delay instead of a block", async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    for (let i = 0; i < 8; i++) {
      const result = await signIn(t.db, auth, attempt("wrong-password", `10.0.1.${i}`), { wait });
      expect(!result.ok && result.status).toBe(401);
    }
    expect(waits).toEqual([250, 500, 1000]);
    const owner = await signIn(t.db, auth, attempt("right-password", "10.9.9.9"), { wait });
    expect(owner.ok).toBe(true);
    expect(waits.at(-1)).toBe(2000);
    // A success starts the email's count again.
    await signIn(t.db, auth, attempt("wrong-password", "10.0.2.1"), { wait });
    expect(waits).toHaveLength(4);
  });

  it("caps the delay at 10 seconds", () => {
    expect([4, 5, 6, 9, 10, 11, 50].map(delayForEmailFailures)).toEqual([0, 250, 500, 4000, 8000, 10_000, 10_000]);
  });

  it("locks an IP after 20 failures across emails", async () => {
    // Nineteen failures as sign-in records them (each real attempt costs a password hash), the twentieth for real.
    await t.db
      .insert(loginAttempts)
      .values(
        Array.from({ length: 19 }, (_, i) => ({ email: `user${i}@example.com`, ip: "10.1.1.1", succeeded: false })),
      );
    expect((await signIn(t.db, auth, attempt("right-password", "10.1.1.1"))).ok).toBe(true);
    expect((await signIn(t.db, auth, attempt("x-password", "10.1.1.1", "user19@example.com"))).ok).toBe(false);
    const result = await signIn(t.db, auth, attempt("right-password", "10.1.1.1"));
    expect(!result.ok && result.status).toBe(429);
    expect((await signIn(t.db, auth, attempt("right-password", "10.2.2.2"))).ok).toBe(true);
  });

  it("signs out by deleting the session", async () => {
    const result = await signIn(t.db, auth, attempt("right-password"));
    const cookie = result.ok ? result.cookies.map((c) => c.split(";")[0]).join("; ") : "";
    const request = new Request("http://localhost:3000/admin/logout", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000" },
    });
    const session = await auth.api.getSession({ headers: request.headers });
    expect(session?.user.email).toBe("admin@example.com");
    await signOut(t.db, auth, request, { id: session!.user.id, email: session!.user.email });
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    expect(await auth.api.getSession({ headers: request.headers })).toBeNull();
  });
});
