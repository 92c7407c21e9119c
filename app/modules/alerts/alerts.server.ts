import { and, eq, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { categories, dealAlerts, stores } from "#app/db/schema";
import { formatPrice } from "#app/lib/money";
import { isUuid } from "#app/lib/uuid";
import { mailBody } from "#app/modules/mail/mail-body.server";
import { listUnsubscribeHeaders, queueMail } from "#app/modules/mail/outbox.server";
import {
  alertLinks,
  subscriptionLink,
  subscriptionLinkMatches,
} from "#app/modules/subscriptions/subscription-link.server";
import type { AppServices } from "#app/platform/load-context";

import type { AlertCriteriaInput } from "./alert.schema";

// Deal alerts without an account: an address asks, confirms through the signed link of its confirmation
// message (double opt-in, as the newsletter), and manages the alert through the signed link every alert
// message carries (edit, pause, delete). The matching and sending are in alert-runner.server.ts.

export type AlertServices = Pick<AppServices, "env" | "appSecret">;
type AlertLink = "confirm" | "manage" | "unsubscribe";

export const alertLink = (services: AlertServices, step: AlertLink, id: string) =>
  subscriptionLink(services, alertLinks, step, id);

/** Whether a link's `a` and `t` were made by alertLink for this step. */
export const alertLinkMatches = (secret: string, step: AlertLink, id: string, token: string | null) =>
  isUuid(id) && subscriptionLinkMatches(secret, alertLinks, step, id, token);

/** The alert's criteria as stored: the store and category by id (null when the slug names none). */
async function storedCriteria(db: Executor, input: AlertCriteriaInput) {
  const [[store], [category]] = await Promise.all([
    input.store ? db.select({ id: stores.id }).from(stores).where(eq(stores.slug, input.store)) : [],
    input.category ? db.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.category)) : [],
  ]);
  return {
    keywords: input.keywords,
    storeId: store?.id ?? null,
    categoryId: category?.id ?? null,
    maxPrice: input.maxPrice ?? null,
    minDiscount: input.minDiscount ?? null,
    frequency: input.frequency,
  };
}

/** What an alert asks for, in words ("'sony headphones' at Amazon, up to $300.00, 20% off or more"). */
export function describeAlert(alert: {
  keywords: string;
  storeName: string | null;
  categoryName: string | null;
  maxPrice: number | null;
  minDiscount: number | null;
}) {
  return [
    alert.keywords ? `'${alert.keywords}'` : "Every deal",
    alert.categoryName ? `in ${alert.categoryName}` : null,
    alert.storeName ? `at ${alert.storeName}` : null,
    alert.maxPrice !== null ? `up to ${formatPrice(alert.maxPrice)}` : null,
    alert.minDiscount !== null ? `${alert.minDiscount}% off or more` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** Creates a pending alert and writes its confirmation message, in one transaction. */
export async function createAlert(
  db: Database,
  services: AlertServices,
  email: string,
  input: AlertCriteriaInput,
): Promise<void> {
  const criteria = await storedCriteria(db, input);
  await db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(dealAlerts)
      .values({ email, ...criteria, confirmSentAt: new Date() })
      .returning({ id: dealAlerts.id });
    const names = await alertNames(tx, alert!.id);
    const body = mailBody({
      heading: "Confirm your DealDash deal alert",
      paragraphs: [
        `Someone, hopefully you, asked DealDash to email this address about new deals: ${describeAlert({ ...criteria, storeName: names?.storeName ?? null, categoryName: names?.categoryName ?? null })}.`,
        "Confirm to start the alert. If it was not you, ignore this message and nothing more will come.",
      ],
      action: { label: "Confirm my alert", url: alertLink(services, "confirm", alert!.id) },
      footer: [
        "You get this message because this address was entered in a deal alert form on DealDash.",
        `Stop all deal alerts to this address: ${alertLink(services, "unsubscribe", alert!.id)}`,
      ],
    });
    await queueMail(tx, services.env, {
      to: email,
      subject: "Confirm your DealDash deal alert",
      ...body,
      headers: listUnsubscribeHeaders(alertLink(services, "unsubscribe", alert!.id)),
      purpose: "alert-confirm",
    });
  });
}

async function alertNames(db: Executor, id: string) {
  const [row] = await db
    .select({ storeName: stores.name, categoryName: categories.name })
    .from(dealAlerts)
    .leftJoin(stores, eq(stores.id, dealAlerts.storeId))
    .leftJoin(categories, eq(categories.id, dealAlerts.categoryId))
    .where(eq(dealAlerts.id, id));
  return row;
}

/** The confirmation link: the pending alert starts. False for a link that is not ours or an alert that is gone. */
export async function confirmAlert(db: Executor, secret: string, id: string, token: string | null): Promise<boolean> {
  if (!alertLinkMatches(secret, "confirm", id, token)) return false;
  const [alert] = await db
    .update(dealAlerts)
    .set({ state: sql`CASE WHEN ${dealAlerts.state} = 'pending' THEN 'active' ELSE ${dealAlerts.state} END` })
    .where(eq(dealAlerts.id, id))
    .returning({ id: dealAlerts.id });
  return Boolean(alert);
}

/** The alert a manage link names, with its store's and category's slugs and names, or null. */
export async function alertToManage(db: Executor, id: string) {
  const [alert] = await db
    .select({
      id: dealAlerts.id,
      email: dealAlerts.email,
      keywords: dealAlerts.keywords,
      state: dealAlerts.state,
      frequency: dealAlerts.frequency,
      maxPrice: dealAlerts.maxPrice,
      minDiscount: dealAlerts.minDiscount,
      store: stores.slug,
      storeName: stores.name,
      category: categories.slug,
      categoryName: categories.name,
    })
    .from(dealAlerts)
    .leftJoin(stores, eq(stores.id, dealAlerts.storeId))
    .leftJoin(categories, eq(categories.id, dealAlerts.categoryId))
    .where(eq(dealAlerts.id, id));
  return alert ?? null;
}

export async function updateAlert(db: Executor, id: string, input: AlertCriteriaInput): Promise<void> {
  await db
    .update(dealAlerts)
    .set(await storedCriteria(db, input))
    .where(eq(dealAlerts.id, id));
}

/** Pauses or resumes a confirmed alert (a pending one stays pending until confirmed). */
export async function setAlertPaused(db: Executor, id: string, paused: boolean): Promise<void> {
  await db
    .update(dealAlerts)
    .set({ state: paused ? "paused" : "active" })
    .where(and(eq(dealAlerts.id, id), sql`${dealAlerts.state} <> 'pending'`));
}

export async function deleteAlert(db: Executor, id: string): Promise<void> {
  await db.delete(dealAlerts).where(eq(dealAlerts.id, id));
}

/** A mail client's one-click unsubscribe from an alert message: every alert of that address is paused. */
export async function pauseAlertsOfAddress(db: Executor, alertId: string): Promise<boolean> {
  const [alert] = await db.select({ email: dealAlerts.email }).from(dealAlerts).where(eq(dealAlerts.id, alertId));
  if (!alert) return false;
  await db
    .update(dealAlerts)
    .set({ state: "paused" })
    .where(and(eq(dealAlerts.email, alert.email), eq(dealAlerts.state, "active")));
  return true;
}
