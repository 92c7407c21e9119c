import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox, newsletterSubscribers } from "#app/db/schema";

import { testContext } from "../../../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { newsletterSchema } from "./newsletter.schema";
import {
  CONFIRM_DAYS,
  confirmationLinkValid,
  confirmSubscription,
  expireUnconfirmed,
  subscribe,
  unsubscribe,
  unsubscribeHeaders,
} from "./newsletter.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(mailOutbox);
  await t.db.delete(newsletterSubscribers);
});

const services = () => testContext(t);
const state = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.state;
/** The confirmation link in the outbox's latest message to `email`, as its reader would follow it. */
async function confirmLink(email: string): Promise<URL> {
  // The latest by its time: rows come back in no set order (an emptied table reuses its space).
  const [latest] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const url = latest?.text.match(/https?:\/\/\S+\/newsletter\/confirm\?\S+/)?.[0];
  if (!url) throw new Error(`no confirmation message to ${email}`);
  return new URL(url);
}

describe("the newsletter's double opt-in", () => {
  it("keeps a new address pending and writes it a confirmation message, kept in the outbox without SMTP", async () => {
    const { email } = newsletterSchema.parse({ email: "  Shopper@Example.COM " });
    await subscribe(t.db, services(), email);
    expect(await state("shopper@example.com")).toBe("pending");
    const [message] = await t.db.select().from(mailOutbox);
    expect(message).toMatchObject({
      to: "shopper@example.com",
      subject: "Confirm your DealDash subscription",
      purpose: "newsletter-confirm",
      state: "kept",
    });
    expect(message!.html).toContain("Confirm my subscription");
    // Every message carries the one-click unsubscribe headers, this first one too.
    expect(message!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(message!.headers["List-Unsubscribe"]).toMatch(/^<http\S+\/newsletter\/unsubscribe\?s=[0-9a-f-]{36}&t=\S+>$/);
    // Asked again at once: no second message (the form cannot be used to flood an inbox).
    await subscribe(t.db, services(), "shopper@example.com");
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it("subscribes the address only through its own signed link", async () => {
    await subscribe(t.db, services(), "reader@example.com");
    await subscribe(t.db, services(), "other@example.com");
    const link = await confirmLink("reader@example.com");
    const other = await confirmLink("other@example.com");
    const id = link.searchParams.get("s")!;
    expect(await confirmSubscription(t.db, services().appSecret, id, other.searchParams.get("t"))).toBe(false);
    expect(await confirmSubscription(t.db, "another-secret-another-secret-12345", id, link.searchParams.get("t"))).toBe(
      false,
    );
    expect(await state("reader@example.com")).toBe("pending");
    expect(await confirmSubscription(t.db, services().appSecret, id, link.searchParams.get("t"))).toBe(true);
    expect(await state("reader@example.com")).toBe("confirmed");
    // A confirmed reader who asks again gets nothing new.
    await subscribe(t.db, services(), "reader@example.com");
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "reader@example.com"))).toHaveLength(1);
  });

  it("unsubscribes through the link its headers carry, and the old confirmation link no longer subscribes", async () => {
    await subscribe(t.db, services(), "leaver@example.com");
    const link = await confirmLink("leaver@example.com");
    const id = link.searchParams.get("s")!;
    await confirmSubscription(t.db, services().appSecret, id, link.searchParams.get("t"));
    const headers = unsubscribeHeaders(services(), id);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(unsubscribeUrl.pathname).toBe("/newsletter/unsubscribe");
    expect(await unsubscribe(t.db, services().appSecret, id, link.searchParams.get("t"))).toBe(false);
    expect(await unsubscribe(t.db, services().appSecret, id, unsubscribeUrl.searchParams.get("t"))).toBe(true);
    expect(await state("leaver@example.com")).toBe("unsubscribed");
    expect(await confirmSubscription(t.db, services().appSecret, id, link.searchParams.get("t"))).toBe(false);
    expect(await state("leaver@example.com")).toBe("unsubscribed");
  });

  it("takes a confirmation link only from the address's latest message, and only for CONFIRM_DAYS", async () => {
    await subscribe(t.db, services(), "again@example.com");
    const first = await confirmLink("again@example.com");
    const id = first.searchParams.get("s")!;
    // Unsubscribed, then signed up again: the old message's link does not confirm the new sign-up.
    const headers = unsubscribeHeaders(services(), id);
    await unsubscribe(
      t.db,
      services().appSecret,
      id,
      new URL(headers["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("t"),
    );
    await subscribe(t.db, services(), "again@example.com");
    const second = await confirmLink("again@example.com");
    expect(second.searchParams.get("t")).not.toBe(first.searchParams.get("t"));
    expect(await confirmationLinkValid(t.db, services().appSecret, id, first.searchParams.get("t"))).toBe(false);
    expect(await confirmSubscription(t.db, services().appSecret, id, first.searchParams.get("t"))).toBe(false);
    // Past its days, the latest one is refused too.
    const later = new Date(Date.now() + (CONFIRM_DAYS + 1) * 86_400_000);
    expect(await confirmSubscription(t.db, services().appSecret, id, second.searchParams.get("t"), later)).toBe(false);
    expect(await confirmSubscription(t.db, services().appSecret, id, second.searchParams.get("t"))).toBe(true);
  });

  it(`deletes an address left unconfirmed ${CONFIRM_DAYS} days after its message, and no other`, async () => {
    await subscribe(t.db, services(), "late@example.com");
    await subscribe(t.db, services(), "prompt@example.com");
    const prompt = await confirmLink("prompt@example.com");
    await confirmSubscription(t.db, services().appSecret, prompt.searchParams.get("s")!, prompt.searchParams.get("t"));
    expect(await expireUnconfirmed(t.db, new Date(Date.now() + (CONFIRM_DAYS - 1) * 86_400_000))).toBe(0);
    expect(await expireUnconfirmed(t.db, new Date(Date.now() + (CONFIRM_DAYS + 1) * 86_400_000))).toBe(1);
    expect(await state("late@example.com")).toBeUndefined();
    expect(await state("prompt@example.com")).toBe("confirmed");
  });

  it("rejects an address that is not an email with a clear message", () => {
    const result = newsletterSchema.safeParse({ email: "not-an-email" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});
