import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { buyingGuides, coupons, deals, newsletterSubscribers } from "#app/db/schema";
import { buyingGuideFace } from "#app/modules/buying-guides/buying-guide.face";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import type { Teaser } from "#app/modules/content-types/teaser";
import { teaserColumns, teasersOf } from "#app/modules/content-types/teasers.server";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { dealFace } from "#app/modules/deals/deal.face";
import { mailBody } from "#app/modules/mail/mail-body.server";
import { mailItemOf } from "#app/modules/mail/mail-items";
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

/** What a digest lists, the same for every reader. */
export interface Digest {
  deals: Teaser[];
  coupons: Teaser[];
  guides: Teaser[];
}

/** The newest public rows of a type made since `since`, as teasers, first by `order`. */
function newTeasers(
  db: Executor,
  face: ContentFace,
  { since, now, live, order, limit }: { since: Date; now: Date; live: boolean; order: SQL[]; limit: number },
) {
  return db
    .select(teaserColumns(face))
    .from(publicRows(face, { live, now }))
    .where(gte(face.table.createdAt, since))
    .orderBy(...order)
    .limit(limit)
    .then((rows) => teasersOf(face, rows));
}

/** What this week's digest lists, as of `now`: the most clicked new deals, the newest coupons and guides. */
export async function readDigest(db: Executor, now = new Date()): Promise<Digest> {
  const week = { since: new Date(now.getTime() - WEEK_MS), now };
  const [dealTeasers, couponTeasers, guideTeasers] = await Promise.all([
    newTeasers(db, dealFace, {
      ...week,
      live: true,
      order: [descNullsLast(deals.popularity), desc(deals.createdAt)],
      limit: 8,
    }),
    newTeasers(db, couponFace, { ...week, live: true, order: [desc(coupons.createdAt)], limit: 5 }),
    newTeasers(db, buyingGuideFace, { ...week, live: false, order: [desc(buyingGuides.createdAt)], limit: 3 }),
  ]);
  return { deals: dealTeasers, coupons: couponTeasers, guides: guideTeasers };
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
  const section = (heading: string, items: Teaser[], button: string) =>
    items.length ? [{ heading, links: items.map((item) => mailItemOf(site, item, button)) }] : [];
  const body = mailBody({
    heading: "This week on DealDash",
    paragraphs: ["The week's most popular new deals, the latest coupons and our new buying guides."],
    sections: [
      ...section("Deals", digest.deals, "See the deal"),
      ...section("Coupons", digest.coupons, "Get the code"),
      ...section("Buying guides", digest.guides, "Read the guide"),
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
