import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { passkeys, users } from "#app/db/schema";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// A passkey is an account's second factor: with one and no authenticator app, a right password does not
// sign in by itself, and the confirm page asks for the passkey, not the password it would refuse.

const served = servedInProcessApp();

/** The admin's words on a page, React's markers between texts removed. */
const wordsOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

async function addPasskey() {
  const [admin] = await served().app.db.select().from(users).where(eq(users.email, ADMIN.email));
  await served().app.db.insert(passkeys).values({
    userId: admin!.id,
    publicKey: "a-public-key",
    credentialID: "second-step-credential",
    deviceType: "singleDevice",
    backedUp: false,
  });
}

describe("a passkey as the second factor", () => {
  it("is asked for after a right password; the password alone opens nothing", async () => {
    const { url } = served();
    // Signed in before the passkey was added: the session the confirm page is read in.
    const before = await signInOverHttp(url, ADMIN);
    await addPasskey();

    const login = await fetch(`${url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    expect(await wordsOf(login)).toContain("second step is its passkey: use Sign in with a passkey to finish");
    expect(login.headers.getSetCookie().join(";")).not.toContain("session_token=");

    const confirm = await wordsOf(await fetch(`${url}/admin/confirm`, { headers: { cookie: before } }));
    expect(confirm).toContain("Use your passkey to go on");
    // Opened at 127.0.0.1, not the site's own name: what to do instead of a button that could not work.
    expect(confirm).toContain("Passkeys work at this site's own address");
    expect(confirm).not.toContain("Type your password");
    // No password field either: the button for the passkey is drawn once the page's script runs.
    expect(confirm).not.toContain('name="password"');
  });
});
