import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { coupons, deals, sourcedItems } from "#app/db/schema";
import type { Service } from "#app/lib/actor";
import { patchContent } from "#app/modules/catalogue/mutations.server";
import { contentType } from "#app/modules/catalogue/registry.server";

import { normalisedCode, type Offer } from "./offer";

// After approval, a source's news reaches what its offer became (ADR 0042): a new end date moves the
// item's end, a changed code goes to Needs attention, and an offer the source stops listing ends the
// item at that run. Changes are saved as the item's own (audited, announced) by the sourcing service.

const SOURCING: Service = { id: null, email: "Sourcing" };

type Tied = typeof sourcedItems.$inferSelect;

const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);
const itemOf = (tied: Pick<Tied, "couponId" | "dealId">) =>
  tied.couponId
    ? { type: contentType("coupon"), id: tied.couponId, end: "validUntil" }
    : { type: contentType("deal"), id: tied.dealId!, end: "expiresAt" };

/** An end for the item: a coupon cannot end before it starts (the table refuses it), so it ends as it starts. */
const endFor = (end: Date | null, validFrom: Date | null) => (end && validFrom && end < validFrom ? validFrom : end);

/**
 * Brings the items this batch's offers became up to date, and says which offers those were (by the
 * source's offer id): they are the site's already, whatever their code or address now says.
 */
/** Offers the source still lists but sent unreadable this time: what they became is not taken for ended. */
export async function markListed(db: Executor, sourceId: string, ids: string[], seenAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(sourcedItems)
    .set({ seenAt })
    .where(and(eq(sourcedItems.sourceId, sourceId), inArray(sourcedItems.externalId, ids)));
}

export async function syncSourcedItems(
  db: Database,
  sourceId: string,
  offers: Offer[],
  seenAt: Date,
): Promise<Set<string>> {
  const ids = [...new Set(offers.map((offer) => offer.externalId).filter((id) => id !== null))];
  if (ids.length === 0) return new Set();
  const tied = await db
    .select({ item: sourcedItems, validFrom: coupons.validFrom })
    .from(sourcedItems)
    .leftJoin(coupons, eq(coupons.id, sourcedItems.couponId))
    .where(and(eq(sourcedItems.sourceId, sourceId), inArray(sourcedItems.externalId, ids)));
  const byId = new Map(offers.map((offer) => [offer.externalId, offer]));
  // Every tied offer was seen, in one statement; only an item whose end or code changed is written alone.
  if (tied.length > 0)
    await db
      .update(sourcedItems)
      .set({ seenAt })
      .where(
        inArray(
          sourcedItems.id,
          tied.map(({ item }) => item.id),
        ),
      );
  for (const { item, validFrom } of tied) {
    const offer = byId.get(item.externalId)!;
    const endsAt = offer.endsAt ?? null;
    const endChanged = !sameTime(endsAt, item.endsAt);
    if (endChanged) {
      const { type, id, end } = itemOf(item);
      await patchContent(type, db, SOURCING, id, { changes: { [end]: endFor(endsAt, validFrom) } });
    }
    const code = offer.couponCode ? normalisedCode(offer.couponCode) : null;
    const codeChanged = item.couponId !== null && code !== (item.couponCode ? normalisedCode(item.couponCode) : null);
    if (endChanged || codeChanged)
      await db
        .update(sourcedItems)
        .set({ endsAt, ...(codeChanged ? { couponCode: offer.couponCode ?? null, codeChangedAt: seenAt } : {}) })
        .where(eq(sourcedItems.id, item.id));
  }
  return new Set(tied.map(({ item }) => item.externalId!));
}

/**
 * After a complete run: the live items whose offers the source no longer lists (suspended, withdrawn or
 * expired there) end now. Returns how many ended.
 */
export async function endUnlistedItems(db: Database, sourceId: string, runStartedAt: Date): Promise<number> {
  const now = new Date();
  const unlisted = await db
    .select({
      id: sourcedItems.id,
      dealId: sourcedItems.dealId,
      couponId: sourcedItems.couponId,
      validFrom: coupons.validFrom,
    })
    .from(sourcedItems)
    .leftJoin(coupons, eq(coupons.id, sourcedItems.couponId))
    .leftJoin(deals, eq(deals.id, sourcedItems.dealId))
    .where(
      and(
        eq(sourcedItems.sourceId, sourceId),
        lt(sourcedItems.seenAt, runStartedAt),
        isNotNull(sourcedItems.externalId),
        or(
          and(isNotNull(sourcedItems.couponId), sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} > ${now})`),
          and(isNotNull(sourcedItems.dealId), sql`(${deals.expiresAt} IS NULL OR ${deals.expiresAt} > ${now})`),
        ),
      ),
    );
  for (const item of unlisted) {
    const { type, id, end } = itemOf(item);
    await patchContent(type, db, SOURCING, id, { changes: { [end]: endFor(now, item.validFrom) } });
    await db.update(sourcedItems).set({ endsAt: now }).where(eq(sourcedItems.id, item.id));
  }
  return unlisted.length;
}
