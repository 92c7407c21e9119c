import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { mailOutbox, newsletterSubscribers } from "#app/db/schema";

import { servedInProcessApp } from "../support/in-process-server";

// Mail scanners open every link in a message: a confirmation link must ask, and only its button act. And
// a link belongs to its message: after unsubscribing and signing up again, the old message's link is dead.

const served = servedInProcessApp();

const signUp = (email: string) =>
  fetch(`${served().url}/newsletter/subscribe`, { method: "POST", body: new URLSearchParams({ email }) });
async function confirmationPath(email: string): Promise<string> {
  const [message] = await served()
    .app.db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.purpose, "newsletter-confirm")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const url = new URL(message!.text.match(/https?:\/\/\S+\/newsletter\/confirm\?\S+/)![0]);
  return url.pathname + url.search;
}
const stateOf = async (email: string) =>
  (await served().app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.state;

describe("a newsletter confirmation link", () => {
  it("confirms nothing when opened, and confirms when its button is pressed", async () => {
    expect((await signUp("scanned@example.com")).status).toBe(200);
    const path = await confirmationPath("scanned@example.com");
    for (let opened = 0; opened < 3; opened++) {
      const page = await fetch(served().url + path);
      expect(await page.text()).toContain("Confirm my subscription");
    }
    expect(await stateOf("scanned@example.com")).toBe("pending");
    const pressed = await fetch(served().url + path, { method: "POST" });
    expect(await pressed.text()).toContain("You&#x27;re subscribed");
    expect(await stateOf("scanned@example.com")).toBe("confirmed");
  });

  it("from an earlier message no longer works after unsubscribing and signing up again", async () => {
    await signUp("twice@example.com");
    const old = await confirmationPath("twice@example.com");
    await served()
      .app.db.update(newsletterSubscribers)
      .set({ state: "unsubscribed" })
      .where(eq(newsletterSubscribers.email, "twice@example.com"));
    await signUp("twice@example.com");
    const latest = await confirmationPath("twice@example.com");
    expect(latest).not.toBe(old);
    expect(await (await fetch(served().url + old, { method: "POST" })).text()).toContain(
      "This confirmation link is not valid or has expired",
    );
    expect(await stateOf("twice@example.com")).toBe("pending");
    await fetch(served().url + latest, { method: "POST" });
    expect(await stateOf("twice@example.com")).toBe("confirmed");
  });
});
