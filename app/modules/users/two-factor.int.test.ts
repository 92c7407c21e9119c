import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { auditLog, sessions, users } from "#app/db/schema";
import type { Auth } from "#app/platform/auth.server";
import { createAuth } from "#app/platform/auth.server";

import { keyOf, totpCode } from "../../../tests/support/authenticator";
import { TEST_APP_SECRET, testAuth } from "../../../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { signIn } from "./sign-in.server";
import { confirmIdentity } from "./step-up.server";
import { resetTwoFactor } from "./team.server";
import {
  checkCode,
  completeSignIn,
  REUSED_CODE,
  startEnrolment,
  TWO_FACTOR_UNREADABLE,
  WRONG_BACKUP_CODE,
  WRONG_CODE,
  WRONG_PASSWORD,
} from "./two-factor.server";
import { createAdmin } from "./users.server";

let t: TestDatabase;
let auth: Auth;
beforeAll(async () => {
  t = await createTestDatabase();
  auth = await testAuth(t.db);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const person = { email: "owner@example.com", password: "correct horse" };

/** The failed sign-ins Activity lists, oldest first: under whom, and why. */
const failedSignIns = async () =>
  (
    await t.db
      .select({ actorEmail: auditLog.actorEmail, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, "sign_in_failed"))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
  ).map(({ actorEmail, detail }) => ({ actorEmail, reason: (detail as { reason?: string } | null)?.reason }));

/** A browser's Cookie header after these Set-Cookie values (a later value replaces an earlier one of its name). */
function cookieHeader(setCookies: string[], previous = ""): Headers {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
  for (const cookie of setCookies) {
    const [pair] = cookie.split(";");
    const [name, value] = pair!.split("=", 2) as [string, string];
    if (/max-age=0/i.test(cookie) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return new Headers({
    origin: "http://localhost:3000",
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
  });
}

async function signInWithPassword() {
  const outcome = await signIn(t.db, auth, {
    ...person,
    ip: "10.0.0.1",
    headers: new Headers({ origin: "http://localhost:3000" }),
  });
  if (outcome.ok === false) throw new Error(outcome.message);
  return { outcome, headers: cookieHeader(outcome.cookies) };
}

/** An owner with an authenticator app set up: its key and backup codes. */
async function ownerWithApp() {
  const user = await createAdmin(t.db, auth, { ...person, role: "owner" }, { action: "user_create", via: "test" });
  const { headers } = await signInWithPassword();
  expect(await startEnrolment(auth, headers, "wrong password")).toBe(false);
  const enrolment = await startEnrolment(auth, headers, person.password);
  if (!enrolment) throw new Error("enrolment refused");
  expect(enrolment.backupCodes).toHaveLength(10);
  // Not on until the app's first code is right.
  expect(await checkCode(t.db, auth, { kind: "totp", code: "000000", headers, userId: user.id })).toEqual({
    ok: false,
    message: WRONG_CODE,
  });
  expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.twoFactorEnabled).toBe(false);
  const used = totpCode(keyOf(enrolment.uri));
  const turnedOn = await checkCode(t.db, auth, {
    kind: "totp",
    code: used,
    headers,
    userId: user.id,
  });
  expect(turnedOn.ok).toBe(true);
  expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.twoFactorEnabled).toBe(true);
  return { user, key: keyOf(enrolment.uri), backupCodes: enrolment.backupCodes, used: [used] };
}

/** A code the app could show now (its step or one either side) that none of `used` is: a 30-second step may pass meanwhile. */
const freshCode = (key: string, used: string[]) =>
  [-1, 0, 1].map((step) => totpCode(key, { step })).find((code) => !used.includes(code))!;

const sessionCount = async () => (await t.db.select().from(sessions)).length;

describe("two-factor sign-in", () => {
  it("asks for a code after the password, refuses a wrong one and a used one, and lets a backup code in once", async () => {
    const { key, backupCodes, used } = await ownerWithApp();
    const before = await sessionCount();

    const first = await signInWithPassword();
    expect(first.outcome.ok).toBe("second-factor");
    expect(await sessionCount()).toBe(before);
    const wrong = await completeSignIn(t.db, auth, {
      kind: "totp",
      code: "123456",
      headers: first.headers,
      ip: "10.0.0.1",
      appSecret: TEST_APP_SECRET,
    });
    // (One in a million: the wrong guess is today's code.)
    expect(wrong).toEqual({ ok: false, message: WRONG_CODE });
    expect(await sessionCount()).toBe(before);
    // Activity names whose second step failed: the person whose password was right.
    expect(await failedSignIns()).toEqual([{ actorEmail: person.email, reason: "code" }]);

    const code = freshCode(key, used);
    const right = await completeSignIn(t.db, auth, {
      kind: "totp",
      code,
      headers: first.headers,
      ip: "10.0.0.1",
      appSecret: TEST_APP_SECRET,
    });
    expect(right.ok).toBe(true);
    expect(await sessionCount()).toBe(before + 1);

    // Someone who saw the code signs in with the password and tries it: refused, and the challenge stays.
    const second = await signInWithPassword();
    const replay = await completeSignIn(t.db, auth, {
      kind: "totp",
      code,
      headers: second.headers,
      ip: "10.0.0.2",
      appSecret: TEST_APP_SECRET,
    });
    expect(replay).toEqual({ ok: false, message: REUSED_CODE });
    expect(await sessionCount()).toBe(before + 1);

    const backup = await completeSignIn(t.db, auth, {
      kind: "backup",
      code: backupCodes[0]!,
      headers: second.headers,
      ip: "10.0.0.1",
      appSecret: TEST_APP_SECRET,
    });
    expect(backup.ok).toBe(true);
    const third = await signInWithPassword();
    expect(
      await completeSignIn(t.db, auth, {
        kind: "backup",
        code: backupCodes[0]!,
        headers: third.headers,
        ip: "10.0.0.1",
        appSecret: TEST_APP_SECRET,
      }),
    ).toEqual({ ok: false, message: WRONG_BACKUP_CODE });
    expect(await failedSignIns()).toEqual([
      { actorEmail: person.email, reason: "code" },
      { actorEmail: person.email, reason: "backup_code" },
    ]);
  });

  it("lets two requests with one code make one session, not two", async () => {
    const { key, used } = await ownerWithApp();
    const before = await sessionCount();
    const [a, b] = [await signInWithPassword(), await signInWithPassword()];
    const code = freshCode(key, used);
    const outcomes = await Promise.all(
      [a, b].map((attempt) =>
        completeSignIn(t.db, auth, {
          kind: "totp",
          code,
          headers: attempt.headers,
          ip: "10.0.0.1",
          appSecret: TEST_APP_SECRET,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await sessionCount()).toBe(before + 1);
  });

  it("says an owner must reset it when the site's app secret cannot read the account's authenticator secret", async () => {
    const { key, used } = await ownerWithApp();
    // The site restored without its app-secret file: the server made a new one.
    const another = "a-new-app-secret-made-on-a-start-a-new-app";
    const restored = await createAuth(t.db, { secret: another, publicUrl: "http://localhost:3000" });
    const outcome = await signIn(t.db, restored, {
      ...person,
      ip: "10.0.0.1",
      headers: new Headers({ origin: "http://localhost:3000" }),
    });
    expect(outcome.ok).toBe("second-factor");
    if (outcome.ok !== "second-factor") return;
    const answer = await completeSignIn(t.db, restored, {
      kind: "totp",
      code: freshCode(key, used),
      headers: cookieHeader(outcome.cookies),
      ip: "10.0.0.1",
      appSecret: another,
    });
    expect(answer).toEqual({ ok: false, message: TWO_FACTOR_UNREADABLE });
  });
});

describe("confirming it is you", () => {
  it("moves the session's confirmation on with a right code only, and asks for a password without an app", async () => {
    const { user, key, used } = await ownerWithApp();
    const signedIn = await signInWithPassword();
    used.push(freshCode(key, used));
    const done = await completeSignIn(t.db, auth, {
      kind: "totp",
      code: used.at(-1)!,
      headers: signedIn.headers,
      ip: "10.0.0.1",
      appSecret: TEST_APP_SECRET,
    });
    if (!done.ok) throw new Error(done.message);
    const headers = cookieHeader(done.cookies, signedIn.headers.get("cookie") ?? "");
    const session = (await auth.api.getSession({ headers }))!.session;
    const long = new Date(Date.now() - 60 * 60 * 1000);
    await t.db.update(sessions).set({ confirmedAt: long }).where(eq(sessions.id, session.id));
    const confirmedAt = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.id, session.id)))[0]!.confirmedAt;
    const request = {
      headers,
      sessionId: session.id,
      user: { id: user.id, email: user.email, twoFactorEnabled: true },
    };

    expect(await confirmIdentity(t.db, auth, request, { kind: "password", password: person.password })).toMatchObject({
      ok: false,
    });
    expect(await confirmIdentity(t.db, auth, request, { kind: "totp", code: "000000" })).toEqual({
      ok: false,
      message: WRONG_CODE,
    });
    expect(await confirmedAt()).toEqual(long);
    expect(await confirmIdentity(t.db, auth, request, { kind: "totp", code: freshCode(key, used) })).toEqual({
      ok: true,
    });
    expect((await confirmedAt()).getTime()).toBeGreaterThan(long.getTime());
  });

  it("takes the password of an account without a second factor, and refuses a wrong one", async () => {
    const user = await createAdmin(t.db, auth, { ...person, role: "owner" }, { action: "user_create", via: "test" });
    const { headers } = await signInWithPassword();
    const session = (await auth.api.getSession({ headers }))!.session;
    const request = {
      headers,
      sessionId: session.id,
      user: { id: user.id, email: user.email, twoFactorEnabled: false },
    };
    expect(await confirmIdentity(t.db, auth, request, { kind: "password", password: "not it" })).toEqual({
      ok: false,
      message: WRONG_PASSWORD,
    });
    expect(await confirmIdentity(t.db, auth, request, { kind: "password", password: person.password })).toEqual({
      ok: true,
    });
  });
});

describe("recovery", () => {
  it("an owner resets a lost second factor: the person is signed out everywhere and signs in with the password", async () => {
    const { user } = await ownerWithApp();
    const other = await createAdmin(
      t.db,
      auth,
      { email: "second@example.com", password: "second-password", role: "owner" },
      { action: "user_create", via: "test" },
    );
    expect(await resetTwoFactor(t.db, other, other.id)).toMatchObject({ ok: false });
    expect(await resetTwoFactor(t.db, other, user.id)).toEqual({ ok: true, email: person.email });
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(0);
    const { outcome } = await signInWithPassword();
    expect(outcome.ok).toBe(true);
  });
});
