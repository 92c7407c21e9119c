import { asc, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { daysBefore, deleteInBatches } from "#app/db/delete-in-batches.server";
import { descNullsLast } from "#app/db/order-by";
import { mailOutbox } from "#app/db/schema";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import type { Env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";

/** The background job that sends queued messages (server/background-jobs.ts). */
export const SEND_MAIL_JOB = "send-mail";
export const OUTBOX_PAGE_SIZE = 50;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** What wrote it ('newsletter-confirm', 'digest', …), for the admin's outbox. */
  purpose: string;
}

/** The headers that give mail clients their own Unsubscribe button (RFC 2369), one click by RFC 8058. */
export const listUnsubscribeHeaders = (url: string): Record<string, string> => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/**
 * Writes messages to the outbox, in the caller's transaction when it passes one, so a message exists exactly
 * when what it announces does. With SMTP the send-mail job sends them; without, they are kept for the admin to read.
 */
export async function queueMail(
  db: Executor,
  env: Pick<Env, "SMTP_URL">,
  messages: MailMessage | MailMessage[],
): Promise<void> {
  const state = env.SMTP_URL ? "queued" : "kept";
  const rows = (Array.isArray(messages) ? messages : [messages]).map(
    (message) => ({ ...message, headers: message.headers ?? {}, state }) as const,
  );
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

/** Asks the send-mail job to run now (after the messages' transaction committed), rather than at its next minute. */
export function wakeMailSender(jobs: Pick<JobQueue, "runNow">): void {
  jobs
    .runNow(SEND_MAIL_JOB)
    .catch((error: unknown) => logger.warn({ err: error }, "could not queue the send-mail job"));
}

/**
 * Deletes messages done with (sent, given up, or kept without SMTP) older than `days`; a queued one stays
 * until it is sent or given up. A weekly digest writes one row per reader, so without this the outbox grows
 * by the list's size every week. Returns how many.
 */
export async function deleteOldMail(db: Executor, options: { days: number; now?: Date }): Promise<number> {
  return deleteInBatches(
    db,
    "mail_outbox",
    sql`created_at < ${daysBefore(options.days, options.now)}::timestamptz AND state <> 'queued'`,
  );
}

/** A page of the outbox, newest first (read off its index; one row past the page says whether more follow). */
export async function outboxPage(db: Executor, page: number) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(descNullsLast(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  return { rows: rows.slice(0, OUTBOX_PAGE_SIZE), hasNext: rows.length > OUTBOX_PAGE_SIZE };
}
