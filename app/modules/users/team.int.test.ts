import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox, sessions, users } from "#app/db/schema";
import { type Auth, createAuth } from "#app/platform/auth.server";
import type { Env } from "#app/platform/env.server";

import { TEST_APP_SECRET } from "../../../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  acceptInvitation,
  ALREADY_A_USER,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_USED,
  invite,
  openInvitations,
  readInvitation,
  revokeInvitation,
} from "./invitations.server";
import type { Role } from "./roles";
import { signIn } from "./sign-in.server";
import { changeRole, LAST_OWNER, NOT_YOURSELF, removeUser, teamMembers } from "./team.server";
import { createAdmin } from "./users.server";

let t: TestDatabase;
let auth: Auth;
const services = {
  env: { PUBLIC_URL: "http://localhost:3000", SMTP_URL: undefined } as unknown as Env,
  appSecret: TEST_APP_SECRET,
};
beforeAll(async () => {
  t = await createTestDatabase();
  auth = await createAuth(t.db, { secret: services.appSecret, publicUrl: services.env.PUBLIC_URL });
});
afterAll(() => t.close());

let owner: { id: string; email: string };
beforeEach(async () => {
  await t.reset();
  owner = await createAdmin(
    t.db,
    auth,
    { email: "owner@example.com", password: "owner-password", role: "owner" },
    { action: "user_create", via: "test" },
  );
});

/** The id and token an invitation's link carries. */
const linkOf = (url: string) => {
  const query = new URL(url).searchParams;
  return { id: query.get("id"), token: query.get("token") };
};

async function invited(email = "writer@example.com", role: Role = "contributor", now = new Date()) {
  const result = await invite(t.db, services, owner, { email, role }, now);
  if (!result.ok) throw new Error(result.message);
  return linkOf(result.url);
}

describe("invitations", () => {
  it("names the role with its article: an editor, an owner", async () => {
    await invited("editor@example.com", "editor");
    await invited("second-owner@example.com", "owner");
    const texts = (await t.db.select({ text: mailOutbox.text }).from(mailOutbox)).map((row) => row.text);
    expect(texts.some((text) => text.includes("help run DealDash as an editor."))).toBe(true);
    expect(texts.some((text) => text.includes("help run DealDash as an owner."))).toBe(true);
  });

  it("queues one message with a signed link that makes an account of the invited role, once", async () => {
    const link = await invited();
    const [message, ...more] = await t.db.select().from(mailOutbox);
    expect(more).toEqual([]);
    expect(message!.to).toBe("writer@example.com");
    expect(message!.text).toContain(`/admin/invitation?id=${link.id}&token=${link.token}`);
    expect(message!.text).toContain("help run DealDash as a contributor.");

    const accepted = await acceptInvitation(t.db, auth, services, {
      ...link,
      id: link.id!,
      token: link.token!,
      password: "writer-password",
    });
    expect(accepted).toEqual({
      ok: true,
      invitation: { id: link.id, email: "writer@example.com", role: "contributor" },
    });
    const [made] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, "writer@example.com"));
    expect(made!.role).toBe("contributor");
    const signedIn = await signIn(t.db, auth, {
      email: "writer@example.com",
      password: "writer-password",
      ip: "10.0.0.9",
      headers: new Headers(),
    });
    expect(signedIn.ok).toBe(true);

    const again = await acceptInvitation(t.db, auth, services, {
      id: link.id!,
      token: link.token!,
      password: "another-password",
    });
    expect(again).toEqual({ ok: false, message: INVITATION_USED });
  });

  it("refuses a tampered, expired or revoked link and makes no account", async () => {
    const link = await invited("late@example.com", "editor", new Date(Date.now() - 8 * 86_400_000));
    expect(await readInvitation(t.db, services, link)).toEqual({ ok: false, message: INVITATION_EXPIRED });

    const fresh = await invited("fresh@example.com");
    const tampered = { ...fresh, token: `${fresh.token!.slice(0, -2)}AA` };
    expect(await readInvitation(t.db, services, tampered)).toEqual({ ok: false, message: INVITATION_INVALID });
    expect(await readInvitation(t.db, services, { id: "not-a-uuid", token: fresh.token })).toEqual({
      ok: false,
      message: INVITATION_INVALID,
    });
    // Signed with another secret: a link from another site, or a guessed one.
    const foreign = { ...services, appSecret: "another-secret-another-secret-12345678" };
    expect(await readInvitation(t.db, foreign, fresh)).toEqual({ ok: false, message: INVITATION_INVALID });

    const [open] = await openInvitations(t.db, services);
    expect(open!.email).toBe("fresh@example.com");
    expect(await revokeInvitation(t.db, owner, open!.id)).toBe(true);
    const afterRevoke = await acceptInvitation(t.db, auth, services, {
      id: fresh.id!,
      token: fresh.token!,
      password: "long-enough",
    });
    expect(afterRevoke).toEqual({ ok: false, message: INVITATION_INVALID });
    expect((await teamMembers(t.db)).members.map((member) => member.email)).toEqual(["owner@example.com"]);
  });

  it("refuses to invite an address that already has an account; inviting again replaces the open invitation", async () => {
    expect(await invite(t.db, services, owner, { email: "owner@example.com", role: "editor" })).toEqual({
      ok: false,
      message: ALREADY_A_USER,
    });
    const first = await invited("twice@example.com");
    const second = await invited("twice@example.com", "editor");
    expect(await readInvitation(t.db, services, first)).toEqual({ ok: false, message: INVITATION_INVALID });
    expect(await readInvitation(t.db, services, second)).toMatchObject({ ok: true, invitation: { role: "editor" } });
  });
});

describe("the team", () => {
  async function member(email: string, role: "owner" | "editor" | "contributor") {
    return createAdmin(
      t.db,
      auth,
      { email, password: "member-password", role },
      { action: "user_create", via: "test" },
    );
  }

  it("always keeps one owner: the last cannot be demoted or removed", async () => {
    expect(await changeRole(t.db, owner, owner.id, "editor")).toEqual({ ok: false, message: LAST_OWNER });
    const second = await member("second@example.com", "owner");
    expect(await changeRole(t.db, owner, owner.id, "editor")).toEqual({ ok: true, email: "owner@example.com" });
    // The second owner is now the last one.
    expect(await removeUser(t.db, owner, second.id)).toEqual({ ok: false, message: LAST_OWNER });
    expect(await changeRole(t.db, second, second.id, "contributor")).toEqual({ ok: false, message: LAST_OWNER });
    const roles = (await teamMembers(t.db)).members.map((row) => [row.email, row.role]);
    expect(roles).toEqual([
      ["owner@example.com", "editor"],
      ["second@example.com", "owner"],
    ]);
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const second = await member("second@example.com", "owner");
    const results = await Promise.all([
      changeRole(t.db, owner, second.id, "editor"),
      changeRole(t.db, second, owner.id, "editor"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const owners = (await teamMembers(t.db)).members.filter((row) => row.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("removing someone ends their sessions; nobody removes themselves", async () => {
    const editor = await member("editor@example.com", "editor");
    await signIn(t.db, auth, {
      email: editor.email,
      password: "member-password",
      ip: "10.0.0.2",
      headers: new Headers(),
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, editor.id))).toHaveLength(1);
    expect(await removeUser(t.db, owner, owner.id)).toEqual({ ok: false, message: NOT_YOURSELF });
    expect(await removeUser(t.db, owner, editor.id)).toEqual({ ok: true, email: editor.email });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, editor.id))).toEqual([]);
  });
});
