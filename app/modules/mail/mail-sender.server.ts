import { and, asc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";

import type { Executor } from "#app/db/client.server";
import { dueBy } from "#app/db/due.server";
import { mailOutbox } from "#app/db/schema";
import type { Env } from "#app/platform/env.server";

// The send-mail job: sends what the outbox holds as queued and due, one message at a time. A message the
// server does not take is tried again later (30 s, then twice as long each time, at most an hour apart) and
// given up after MAX_ATTEMPTS; one it took is marked sent and never sent again.

const BATCH = 100;
const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** What the sender needs of nodemailer's transport (tests pass a real one, pointed at their own server). */
export type MailTransport = Pick<Transporter, "sendMail">;

let transport: { url: string; value: MailTransport } | undefined;

/** The SMTP transport for SMTP_URL (one per process), or null without one. */
export function smtpTransport(env: Pick<Env, "SMTP_URL">): MailTransport | null {
  if (!env.SMTP_URL) return null;
  if (transport?.url !== env.SMTP_URL)
    transport = { url: env.SMTP_URL, value: nodemailer.createTransport(env.SMTP_URL) };
  return transport.value;
}

export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/** Sends the queued messages that are due; returns how many were sent, will be tried again, and were given up. */
export async function sendQueuedMail(
  db: Executor,
  mailer: MailTransport,
  { from, now }: { from: string; now?: Date },
): Promise<{ sent: number; retrying: number; failed: number }> {
  const due = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.state, "queued"), dueBy(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH);
  const outcome = { sent: 0, retrying: 0, failed: 0 };
  for (const message of due) {
    try {
      await mailer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      await db
        .update(mailOutbox)
        .set({ state: "sent", sentAt: new Date(), attempts: message.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, message.id));
      outcome.sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const givenUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          state: givenUp ? "failed" : "queued",
          attempts,
          nextAttemptAt: new Date((now ?? new Date()).getTime() + retryDelayMs(attempts)),
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(eq(mailOutbox.id, message.id));
      outcome[givenUp ? "failed" : "retrying"]++;
    }
  }
  return outcome;
}
