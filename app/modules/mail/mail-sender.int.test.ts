import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mailOutbox } from "#app/db/schema";

import { SmtpTestServer } from "../../../tests/support/smtp-test-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { retryDelayMs, sendQueuedMail, smtpTransport } from "./mail-sender.server";
import { deleteOldMail, type MailMessage, queueMail } from "./outbox.server";

let t: TestDatabase;
const smtp = new SmtpTestServer();
beforeAll(async () => {
  t = await createTestDatabase();
  await smtp.start();
});
afterAll(async () => {
  await smtp.stop();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(mailOutbox);
  smtp.received.length = 0;
});

const from = "DealDash <no-reply@dealdash.test>";
const message: MailMessage = {
  to: "shopper@example.com",
  subject: "Your DealDash digest",
  text: "Hello",
  html: "<p>Hello</p>",
  headers: {
    "List-Unsubscribe": "<https://dealdash.test/newsletter/unsubscribe?s=1&t=x>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  purpose: "digest",
};

describe("sending mail", () => {
  it("delivers a queued message over SMTP, headers included, and marks it sent", async () => {
    await queueMail(t.db, { SMTP_URL: smtp.url }, message);
    expect(await sendQueuedMail(t.db, smtpTransport({ SMTP_URL: smtp.url })!, { from })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    const [arrived] = smtp.received;
    expect(arrived?.subject).toBe("Your DealDash digest");
    expect(arrived?.from?.value[0]).toMatchObject({ name: "DealDash", address: "no-reply@dealdash.test" });
    const header = (name: string) => arrived?.headerLines.find((line) => line.key === name)?.line;
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toBe("List-Unsubscribe: <https://dealdash.test/newsletter/unsubscribe?s=1&t=x>");
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("keeps a message while the mail server is down, sends it once when it is back, and never again", async () => {
    await queueMail(t.db, { SMTP_URL: smtp.url }, message);
    const mailer = smtpTransport({ SMTP_URL: smtp.url })!;
    const port = smtp.port;
    await smtp.stop();
    // Due from the database's clock, kept to microseconds; a Date holds milliseconds, so one more is past it.
    const [queued] = await t.db.select().from(mailOutbox);
    const now = new Date(queued!.nextAttemptAt.getTime() + 1);
    expect(await sendQueuedMail(t.db, mailer, { from, now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [waiting] = await t.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    // Not before its retry is due.
    expect(
      await sendQueuedMail(t.db, mailer, { from, now: new Date(now.getTime() + retryDelayMs(1) - 1_000) }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });

    await smtp.start(port);
    const later = new Date(now.getTime() + retryDelayMs(1) + 1_000);
    expect(await sendQueuedMail(t.db, mailer, { from, now: later })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await sendQueuedMail(t.db, mailer, { from, now: new Date(later.getTime() + 3_600_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.state, "sent"))).length).toBe(1);
  });

  it("keeps a message for the admin to read, never sent, without SMTP_URL", async () => {
    await queueMail(t.db, {}, message);
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ state: "kept", to: "shopper@example.com" });
    expect(await sendQueuedMail(t.db, smtpTransport({ SMTP_URL: smtp.url })!, { from })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("deletes messages done with after the retention, and keeps a queued one however old", async () => {
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const rows = [
      { subject: "old sent", state: "sent", createdAt: ago(31) },
      { subject: "old failed", state: "failed", createdAt: ago(40) },
      { subject: "old kept", state: "kept", createdAt: ago(31) },
      { subject: "old queued", state: "queued", createdAt: ago(60) },
      { subject: "recent sent", state: "sent", createdAt: ago(29) },
      { subject: "recent kept", state: "kept", createdAt: ago(1) },
    ] as const;
    await t.db.insert(mailOutbox).values(rows.map((row) => ({ ...message, headers: {}, ...row })));
    expect(await deleteOldMail(t.db, { days: 30 })).toBe(3);
    const left = await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(left.map((row) => row.subject).sort()).toEqual(["old queued", "recent kept", "recent sent"]);
  });
});
