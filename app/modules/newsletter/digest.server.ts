import { and, asc, desc, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { buyingGuides, coupons, deals, newsletterSubscribers, stores } from "#app/db/schema";
import { buyingGuideFace } from "#app/modules/buying-guides/buying-guide.face";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { dealFace } from "#app/modules/deals/deal.face";
import { mailBody, type MailItem } from "#app/modules/mail/mail-body.server";
import { couponMailItem, dealMailItem, guideMailItem } from "#app/modules/mail/mail-items";
import { type MailMessage, queueMail } from "#app/modules/mail/outbox.server";
import type { AppServices } from "#app/platform/load-context";

import { unsubscribeHeaders } from "./newsletter.server";

// The weekly digest: the week's most clicked new deals, its newest coupons and guides, linking to DealDash's
// own pages (Amazon forbids its links in email; its prices are left out, as in feeds). Each confirmed reader
// gets a copy with their own unsubscribe link, written to the outbox in batches; a digest resumed after a
// failure skips the readers that already have it (`digest_sent_at`).

const WEEK_MS = 7 * 86_400_000;
const BATCH = 500;
type DigestServices = Pick<AppServices, "env" | "appSecret">;

/** What a digest lists: the rows its items are made from (mail-items.ts), the same for every reader. */
export interface Digest {
  deals: Array<{
    title: string;
    slug: string;
    price: number;
    asin: string | null;
    store: string | null;
    imageUrl: string | null;
  }>;
  coupons: Array<{
    id: string;
    title: string;
    type: "percentage" | "fixed";
    value: number;
    store: string;
    storeSlug: string;
  }>;
  guides: Array<{ title: string; slug: string; excerpt: string | null }>;
}

/** What this week's digest lists, as of `now`. */
export async function readDigest(db: Executor, now = new Date()): Promise<Digest> {
  const since = new Date(now.getTime() - WEEK_MS);
  const [dealRows, couponRows, guideRows] = await Promise.all([
    db
      .select({
        title: deals.title,
        slug: deals.slug,
        price: deals.currentPrice,
        asin: deals.amazonAsin,
        store: stores.name,
        imageUrl: deals.imageUrl,
      })
      .from(publicRows(dealFace, { live: true, now }))
      .leftJoin(stores, eq(stores.id, deals.storeId))
      .where(gte(deals.createdAt, since))
      .orderBy(descNullsLast(deals.popularity), desc(deals.createdAt))
      .limit(8),
    db
      .select({
        id: coupons.id,
        title: coupons.title,
        type: coupons.discountType,
        value: coupons.discountValue,
        store: stores.name,
        storeSlug: stores.slug,
      })
      .from(publicRows(couponFace, { live: true, now }))
      .innerJoin(stores, eq(stores.id, coupons.storeId))
      .where(gte(coupons.createdAt, since))
      .orderBy(desc(coupons.createdAt))
      .limit(5),
    db
      .select({ title: buyingGuides.title, slug: buyingGuides.slug, excerpt: buyingGuides.excerpt })
      .from(publicRows(buyingGuideFace, { now }))
      .where(gte(buyingGuides.createdAt, since))
      .orderBy(desc(buyingGuides.createdAt))
      .limit(3),
  ]);
  return { deals: dealRows, coupons: couponRows, guides: guideRows };
}

export const isEmptyDigest = (digest: Digest) =>
  digest.deals.length + digest.coupons.length + digest.guides.length === 0;

/** The digest as one reader gets it: their unsubscribe link in the footer and in List-Unsubscribe. */
export function digestMessage(
  services: DigestServices,
  digest: Digest,
  reader: { id: string; email: string },
): MailMessage {
  const site = services.env.PUBLIC_URL;
  const headers = unsubscribeHeaders(services, reader.id);
  const section = (heading: string, items: MailItem[]) => (items.length ? [{ heading, links: items }] : []);
  const body = mailBody({
    heading: "This week on DealDash",
    paragraphs: ["The week's most popular new deals, the latest coupons and our new buying guides."],
    sections: [
      ...section(
        "Deals",
        digest.deals.map((deal) => dealMailItem(site, deal)),
      ),
      ...section(
        "Coupons",
        digest.coupons.map((coupon) => couponMailItem(site, coupon)),
      ),
      ...section(
        "Buying guides",
        digest.guides.map((guide) => guideMailItem(site, guide)),
      ),
    ],
    action: { label: "See all deals", url: `${site}/deal-dashes` },
    footer: [
      "You get this weekly newsletter because you subscribed on DealDash and confirmed your address.",
      `Unsubscribe: ${headers["List-Unsubscribe"]!.slice(1, -1)}`,
    ],
  });
  return { to: reader.email, subject: "This week's best deals on DealDash", ...body, headers, purpose: "digest" };
}

/** Writes the digest of `issueAt` to every confirmed reader who does not have it yet; returns how many were written. */
export async function queueDigest(
  db: Database,
  services: DigestServices,
  digest: Digest,
  issueAt: Date,
): Promise<number> {
  let written = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const readers = await tx
        .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.state, "confirmed"),
            or(isNull(newsletterSubscribers.digestSentAt), lt(newsletterSubscribers.digestSentAt, issueAt)),
          ),
        )
        .orderBy(asc(newsletterSubscribers.id))
        .limit(BATCH);
      if (readers.length === 0) return 0;
      await queueMail(
        tx,
        services.env,
        readers.map((reader) => digestMessage(services, digest, reader)),
      );
      await tx
        .update(newsletterSubscribers)
        .set({ digestSentAt: issueAt })
        .where(
          inArray(
            newsletterSubscribers.id,
            readers.map((reader) => reader.id),
          ),
        );
      return readers.length;
    });
    written += batch;
    if (batch < BATCH) return written;
  }
}
