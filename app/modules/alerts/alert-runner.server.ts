import { and, count, eq, gt, gte, inArray, isNull, lte, or } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { readMark, writeMark } from "#app/db/roll-up-marks.server";
import { alertDeliveries, type AlertFrequency, categories, dealAlerts, deals, mailOutbox } from "#app/db/schema";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { type Teaser, teaserOf } from "#app/modules/content-types/teaser";
import { teaserColumns } from "#app/modules/content-types/teasers.server";
import { dealFace } from "#app/modules/deals/deal.face";
import { mailBody } from "#app/modules/mail/mail-body.server";
import { mailItemOf } from "#app/modules/mail/mail-items";
import { listUnsubscribeHeaders, type MailMessage, queueMail } from "#app/modules/mail/outbox.server";

import { dealMatches, keywordsOf, titleStarts } from "./alert-match";
import { alertLink, type AlertServices } from "./alerts.server";

// The deal-alerts job: every deal that went live or changed since its last run (a deal published, edited,
// cheaper, or reaching its publish time) is matched against every active alert; each match is kept once per
// address and deal (`alert_deliveries`), so nobody hears of a deal twice, across runs and restarts. Instant
// alerts are mailed at once, one message per address listing its new deals, at most `cap` messages a day per
// address (the rest wait for the next allowed one); daily alerts go in one message a day.

export const DEAL_ALERTS_JOB = "deal-alerts";
export const DAILY_ALERTS_JOB = "deal-alerts-daily";
const MARK = "deal-alerts";
/** A deal saved just before a run but committed just after it is still seen by the next run. */
const LATE_COMMIT_MS = 60_000;
const DEALS_PER_PASS = 500;
const DAY_MS = 86_400_000;

/** Matches the deals that went live or changed since the last run; returns how many new deliveries it kept. */
export async function matchNewDeals(db: Executor, now = new Date()): Promise<number> {
  const mark = await readMark(db, MARK);
  // The first run only starts the clock: the catalogue that was there before alerts existed is not news.
  if (!mark) {
    await writeMark(db, MARK, now);
    return 0;
  }
  const since = new Date(mark.getTime() - LATE_COMMIT_MS);
  const rows = await db
    .select({
      id: dealAlerts.id,
      email: dealAlerts.email,
      keywords: dealAlerts.keywords,
      storeId: dealAlerts.storeId,
      categoryId: dealAlerts.categoryId,
      maxPrice: dealAlerts.maxPrice,
      minDiscount: dealAlerts.minDiscount,
      frequency: dealAlerts.frequency,
    })
    .from(dealAlerts)
    .where(eq(dealAlerts.state, "active"));
  const alerts = rows.map((alert) => ({ ...alert, terms: keywordsOf(alert.keywords) }));
  let kept = 0;
  if (alerts.length > 0) {
    let offset = 0;
    for (;;) {
      const changed = await db
        .select({
          id: deals.id,
          title: deals.title,
          storeId: deals.storeId,
          categoryId: deals.categoryId,
          parentId: categories.parentId,
          price: deals.currentPrice,
          discount: deals.discountPercentage,
        })
        .from(publicRows(dealFace, { live: true, now }))
        .leftJoin(categories, eq(categories.id, deals.categoryId))
        .where(or(gt(deals.updatedAt, since), and(gt(deals.publishAt, since), lte(deals.publishAt, now))))
        .orderBy(deals.id)
        .limit(DEALS_PER_PASS)
        .offset(offset);
      const matches = changed.flatMap((deal) => {
        const facts = { ...deal, titleStarts: titleStarts(deal.title), categoryIds: [deal.categoryId, deal.parentId] };
        return alerts
          .filter((alert) => dealMatches(alert, facts))
          .map((alert) => ({ email: alert.email, dealId: deal.id, alertId: alert.id, frequency: alert.frequency }));
      });
      if (matches.length > 0)
        kept += (
          await db
            .insert(alertDeliveries)
            .values(matches)
            .onConflictDoNothing()
            .returning({ email: alertDeliveries.email })
        ).length;
      if (changed.length < DEALS_PER_PASS) break;
      offset += DEALS_PER_PASS;
    }
  }
  await writeMark(db, MARK, now);
  return kept;
}

/** The message one address gets for its matched deals (and the same shape for the owner's test). */
export function alertMessage(services: AlertServices, email: string, rows: Teaser[], alertIds: string[]): MailMessage {
  const site = services.env.PUBLIC_URL;
  const unsubscribe = alertLink(services, "unsubscribe", alertIds[0]!);
  const body = mailBody({
    heading: rows.length === 1 ? "A new deal for your alert" : `${rows.length} new deals for your alerts`,
    paragraphs: ["Deals just published on DealDash that match what you asked for:"],
    sections: [
      { heading: "Deals", links: rows.map((row) => mailItemOf(site, row, "See the deal")) },
      {
        heading: "Your alerts",
        links: alertIds.map((id, index) => ({
          label: `Edit, pause or delete alert ${index + 1}`,
          url: alertLink(services, "manage", id),
        })),
      },
    ],
    footer: [
      "You get this message because you set up a deal alert on DealDash and confirmed it.",
      `Stop all your deal alerts: ${unsubscribe}`,
    ],
  });
  return {
    to: email,
    subject: rows.length === 1 ? `Deal alert: ${rows[0]!.title}` : `Deal alert: ${rows.length} new deals`,
    ...body,
    headers: listUnsubscribeHeaders(unsubscribe),
    purpose: "deal-alert",
  };
}

/** Mails the waiting deliveries of one frequency, one message per address; returns how many messages it wrote. */
export async function mailAlerts(
  db: Database,
  services: AlertServices,
  frequency: AlertFrequency,
  { now = new Date(), cap }: { now?: Date; cap: number },
): Promise<number> {
  const waiting = await db
    .select({
      email: alertDeliveries.email,
      alertId: alertDeliveries.alertId,
      deal: teaserColumns(dealFace),
    })
    .from(alertDeliveries)
    .innerJoin(publicRows(dealFace, { live: true, now }), eq(deals.id, alertDeliveries.dealId))
    .where(and(eq(alertDeliveries.frequency, frequency), isNull(alertDeliveries.mailedAt)));
  const byAddress = new Map<string, typeof waiting>();
  for (const row of waiting) byAddress.set(row.email, [...(byAddress.get(row.email) ?? []), row]);
  let written = 0;
  for (const [email, rows] of byAddress) {
    const [sent] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, email),
          eq(mailOutbox.purpose, "deal-alert"),
          gte(mailOutbox.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((sent?.n ?? 0) >= cap) continue;
    const alertIds = [...new Set(rows.map((row) => row.alertId))];
    const teasers = rows.map((row) => teaserOf(dealFace, row.deal));
    const message = alertMessage(services, email, teasers, alertIds);
    await db.transaction(async (tx) => {
      await queueMail(tx, services.env, message);
      await tx
        .update(alertDeliveries)
        .set({ mailedAt: now })
        .where(
          and(
            eq(alertDeliveries.email, email),
            inArray(
              alertDeliveries.dealId,
              teasers.map((deal) => deal.id),
            ),
          ),
        );
    });
    written++;
  }
  return written;
}

/** The every-minute run (and each wake-up): match, then mail the instant alerts. */
export async function runDealAlerts(
  db: Database,
  services: AlertServices,
  options: { now?: Date; cap: number },
): Promise<Record<string, number>> {
  const matched = await matchNewDeals(db, options.now);
  return { matched, messages: await mailAlerts(db, services, "instant", options) };
}
