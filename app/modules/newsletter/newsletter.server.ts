import { and, eq, lt, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { newsletterSubscribers } from "#app/db/schema";
import { isUuid } from "#app/lib/uuid";
import { mailBody } from "#app/modules/mail/mail-body.server";
import { listUnsubscribeHeaders, type MailMessage, queueMail } from "#app/modules/mail/outbox.server";
import {
  newsletterLinks,
  subscriptionLink,
  subscriptionLinkMatches,
} from "#app/modules/subscriptions/subscription-link.server";
import type { AppServices } from "#app/platform/load-context";

// The newsletter's double opt-in: an address asked for is pending until its owner follows the signed link
// the confirmation message carries; unconfirmed, it is deleted 7 days after that message. Every message to a
// subscriber carries a one-click unsubscribe link (and the List-Unsubscribe headers mail clients show).

export const CONFIRM_DAYS = 7;
/** An address asked for again within this time gets no second message (nobody can flood an inbox through the form). */
const RESEND_AFTER_MS = 10 * 60_000;

type MailServices = Pick<AppServices, "env" | "appSecret">;

/**
 * What a link signs: an unsubscribe link the subscriber's row, for good; a confirmation link also the
 * moment its message was written, so it dies with that message (a later sign-up's message has its own,
 * and the row is deleted CONFIRM_DAYS on).
 */
const signedPart = (id: string, sentAt?: Date) => (sentAt ? `${id}@${sentAt.getTime()}` : id);

const linkTo = (services: MailServices, step: "confirm" | "unsubscribe", id: string, sentAt?: Date) =>
  subscriptionLink(services, newsletterLinks, step, id, signedPart(id, sentAt));

/** A subscriber's List-Unsubscribe headers (on every message to them, the confirmation included). */
export const unsubscribeHeaders = (services: MailServices, subscriberId: string) =>
  listUnsubscribeHeaders(linkTo(services, "unsubscribe", subscriberId));

/** The message that asks an address to confirm its subscription (and the owner's test of it). */
export function confirmationMessage(
  services: MailServices,
  subscriber: { id: string; email: string },
  sentAt = new Date(),
): MailMessage {
  const body = mailBody({
    heading: "Confirm your DealDash subscription",
    paragraphs: [
      "Someone, hopefully you, asked for the DealDash weekly deals newsletter at this address.",
      `Confirm within ${CONFIRM_DAYS} days to start getting it. If it was not you, ignore this message and nothing more will come.`,
    ],
    action: { label: "Confirm my subscription", url: linkTo(services, "confirm", subscriber.id, sentAt) },
    footer: [
      "You get this message because this address was entered in the newsletter box on DealDash.",
      `Never hear from us again: ${linkTo(services, "unsubscribe", subscriber.id)}`,
    ],
  });
  return {
    to: subscriber.email,
    subject: "Confirm your DealDash subscription",
    ...body,
    headers: unsubscribeHeaders(services, subscriber.id),
    purpose: "newsletter-confirm",
  };
}

/**
 * Asks for an address: a new or unsubscribed one becomes pending and gets the confirmation message (in the
 * same transaction); a confirmed one is left as it is. The caller answers the same either way.
 */
export async function subscribe(db: Database, services: MailServices, email: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { email: sql`excluded.email` } })
      .returning();
    if (!row || row.state === "confirmed") return;
    if (row.state === "pending" && row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < RESEND_AFTER_MS)
      return;
    await tx
      .update(newsletterSubscribers)
      .set({ state: "pending", confirmSentAt: now, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
    await queueMail(tx, services.env, confirmationMessage(services, { id: row.id, email }, now));
  });
}

/** A confirmation link's check or action, by the address's id and the link's token. */
type ConfirmationLinkCheck = (
  db: Executor,
  secret: string,
  id: string,
  token: string | null,
  now?: Date,
) => Promise<boolean>;

/**
 * Whether a confirmation link is the one of the address's latest confirmation message, still pending and
 * within CONFIRM_DAYS of it. Checked on the page without acting: mail scanners open links, and only a
 * person presses the page's button.
 */
export const confirmationLinkValid: ConfirmationLinkCheck = async (db, secret, id, token, now = new Date()) => {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ state: newsletterSubscribers.state, sentAt: newsletterSubscribers.confirmSentAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row?.sentAt || row.state === "unsubscribed") return false;
  if (now.getTime() - row.sentAt.getTime() > CONFIRM_DAYS * 86_400_000) return false;
  return subscriptionLinkMatches(secret, newsletterLinks, "confirm", signedPart(id, row.sentAt), token);
};

/** Follows a confirmation link (its page's button): the pending address is subscribed. False for a link that is not its latest, or expired. */
export const confirmSubscription: ConfirmationLinkCheck = async (db, secret, id, token, now = new Date()) => {
  if (!(await confirmationLinkValid(db, secret, id, token, now))) return false;
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ state: "confirmed", confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
    .where(and(eq(newsletterSubscribers.id, id), sql`${newsletterSubscribers.state} <> 'unsubscribed'`))
    .returning({ id: newsletterSubscribers.id });
  return confirmed.length > 0;
};

/** Follows an unsubscribe link (or a mail client's one-click POST). False for a link that is not ours. */
export async function unsubscribe(db: Executor, secret: string, id: string, token: string | null): Promise<boolean> {
  if (!isUuid(id) || !subscriptionLinkMatches(secret, newsletterLinks, "unsubscribe", id, token)) return false;
  const done = await db
    .update(newsletterSubscribers)
    .set({ state: "unsubscribed", unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return done.length > 0;
}

/** Deletes addresses left unconfirmed CONFIRM_DAYS after their confirmation message; returns how many. */
export async function expireUnconfirmed(db: Executor, now = new Date()): Promise<number> {
  const gone = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.state, "pending"),
        lt(newsletterSubscribers.confirmSentAt, new Date(now.getTime() - CONFIRM_DAYS * 86_400_000)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return gone.length;
}
