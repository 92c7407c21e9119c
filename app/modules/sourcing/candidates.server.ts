import { and, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { rowsOf } from "#app/db/result-rows";
import {
  clickWindows,
  codeKeySql,
  coupons,
  deals,
  priceHistory,
  sourcedItems,
  type SourceKind,
  sourceKinds,
  sourcingCandidates,
  sourcingSources,
  stores,
} from "#app/db/schema";
import { databaseName } from "#app/db/sql-text";
import type { Actor } from "#app/lib/actor";
import { EPC_MIN_CLICKS } from "#app/modules/analytics/analytics-view";
import { recordAudit } from "#app/modules/audit/audit.server";

import { keyOfOffer, type Offer } from "./offer";
import { offerKeyOf } from "./offer-key";
import { scoreOffer } from "./score";
import type { Tip } from "./tip.schema";

// The review queue's rows: what the sources offer, each offer once (by its key), waiting for the owner.
// Nothing here publishes: a candidate becomes content only by the owner's hand (ADR 0041, 0042).

const DAY = 86_400_000;
/** A rejected offer stays away this long, unless its price falls by at least `REOFFER_FALL`. */
export const REJECTED_FOR = 30 * DAY;
const REOFFER_FALL = 0.05;
/** A source's approval rate counts once it has this many decisions behind it. */
const RATE_AFTER = 10;

const WAITING = sql`${sourcingCandidates.status} IN ('pending', 'snoozed')`;

/** Of these keys, those the site has already: a deal or coupon made from the offer, or with its ASIN or code. */
export async function keysOnSite(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const asins = keys.filter((key) => key.startsWith("asin:")).map((key) => key.slice(5));
  const codes = keys
    .map((key) => /^code:([0-9a-f-]{36}):(.+)$/.exec(key))
    .filter((match) => match !== null)
    .map(([, store, code]) => sql`(${store}::uuid, ${code})`);
  const live = (table: typeof deals | typeof coupons) => inArray(table.status, ["published", "draft"]);
  const [sourced, byAsin, byCode] = await Promise.all([
    db
      .select({ key: sourcedItems.dedupeKey })
      .from(sourcedItems)
      .leftJoin(deals, eq(deals.id, sourcedItems.dealId))
      .leftJoin(coupons, eq(coupons.id, sourcedItems.couponId))
      .where(
        and(
          inArray(sourcedItems.dedupeKey, keys),
          or(live(deals), and(live(coupons), sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} >= now())`)),
        ),
      ),
    asins.length === 0
      ? []
      : db
          .selectDistinct({ key: sql<string>`'asin:' || ${deals.amazonAsin}` })
          .from(deals)
          .where(and(inArray(deals.amazonAsin, asins), live(deals))),
    codes.length === 0
      ? []
      : db
          .selectDistinct({
            key: sql<string>`'code:' || ${coupons.storeId} || ':' || ${codeKeySql(coupons.couponCode)}`,
          })
          .from(coupons)
          .where(
            and(
              sql`(${coupons.storeId}, ${codeKeySql(coupons.couponCode)}) IN (${sql.join(codes, sql`, `)})`,
              live(coupons),
            ),
          ),
  ]);
  return new Set([...sourced, ...byAsin, ...byCode].map((row) => row.key));
}

/** Of these offers (key → price), those rejected within 30 days whose price has not fallen 5% since. */
async function keysRejectedLately(db: Executor, offers: Map<string, number | null>, now: Date): Promise<Set<string>> {
  if (offers.size === 0) return new Set();
  const rejections = await db
    .select({ key: sourcingCandidates.dedupeKey, price: sourcingCandidates.price })
    .from(sourcingCandidates)
    .where(
      and(
        eq(sourcingCandidates.status, "rejected"),
        inArray(sourcingCandidates.dedupeKey, [...offers.keys()]),
        sql`${sourcingCandidates.reviewedAt} > ${new Date(now.getTime() - REJECTED_FOR)}`,
      ),
    )
    .orderBy(descNullsLast(sourcingCandidates.reviewedAt));
  // The latest rejection of each offer decides (they come newest first).
  const latest = new Map<string, number | null>();
  for (const { key, price } of rejections) if (!latest.has(key)) latest.set(key, price);
  const fell = (key: string, then: number | null) => {
    const price = offers.get(key);
    return then !== null && price != null && price <= then * (1 - REOFFER_FALL);
  };
  return new Set([...latest].filter(([key, then]) => !fell(key, then)).map(([key]) => key));
}

/** What became of a tip: a new candidate, one already waiting, one lately turned down, or a deal the site has. */
export type TipOutcome = "queued" | "waiting" | "passed-on" | "on-site";

/** Queues a shopper's tip for review, unless the same offer waits already, was lately rejected, or is on the site. */
export async function queueTip(db: Database, tip: Tip): Promise<TipOutcome> {
  const key = offerKeyOf(tip.url);
  // The schema accepted only http(s) addresses, which always have a key.
  if (!key) throw new Error("A tip without a web address");
  if ((await keysOnSite(db, [key])).size > 0) return "on-site";
  if ((await keysRejectedLately(db, new Map([[key, tip.price ?? null]]), new Date())).size > 0) return "passed-on";
  const offer: Offer = { externalId: null, kind: "deal", url: tip.url, title: tip.title, price: tip.price ?? null };
  const { score, reasons } = scoreOffer(offer, { now: new Date() });
  const [queued] = await db
    .insert(sourcingCandidates)
    .values({
      source: "tip",
      dedupeKey: key,
      url: tip.url,
      title: tip.title,
      price: tip.price ?? null,
      note: tip.note || null,
      score,
      scoreReasons: reasons,
    })
    .onConflictDoNothing({ target: sourcingCandidates.dedupeKey, where: WAITING })
    .returning({ id: sourcingCandidates.id });
  return queued ? "queued" : "waiting";
}

export interface LandedOffers {
  /** New candidates. */
  queued: number;
  /** Candidates of this source already waiting, brought up to date. */
  updated: number;
  /** Offers the site has, another source's waiting candidate, or lately rejected. */
  skipped: number;
  /** Offers with nothing to tell them by (no address). */
  unusable: number;
}

/** The site's stores by name, any case: how a source's merchant becomes the site's store. */
async function storesNamed(db: Executor, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, name: sql<string>`lower(${stores.name})` })
    .from(stores)
    .where(inArray(sql`lower(${stores.name})`, names));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** For offers that were items here before (ended since), the lowest price each recorded in 90 days. */
async function lowestSeen(db: Executor, keys: string[], now: Date): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: sourcedItems.dedupeKey, lowest: sql<string>`min(${priceHistory.price})` })
    .from(sourcedItems)
    .innerJoin(
      priceHistory,
      and(
        eq(priceHistory.itemKind, "deal"),
        eq(priceHistory.itemId, sourcedItems.dealId),
        sql`${priceHistory.recordedAt} > ${new Date(now.getTime() - 90 * DAY)}`,
      ),
    )
    .where(inArray(sourcedItems.dedupeKey, keys))
    .groupBy(sourcedItems.dedupeKey);
  return new Map(rows.map((row) => [row.key, Number(row.lowest)]));
}

/**
 * For offers that were items here before, what those items earned per click over the last 90 days (cents
 * of the site's currency), once they had enough clicks and earned (the analytics' windows).
 */
async function earlierItemEpc(db: Executor, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = rowsOf<{ key: string; clicks: number; cents: number }>(
    await db.execute(sql`
      SELECT si.dedupe_key AS key, coalesce(sum(w.clicks) FILTER (WHERE w.action = 'click'), 0)::int AS clicks,
        coalesce(sum(w.cents) FILTER (WHERE w.action = 'sale'), 0)::float8 AS cents
      FROM sourced_items si
      JOIN click_windows w ON w.days = 90 AND w.facet = 'item' AND w.action IN ('click', 'sale')
        AND w.value = coalesce(si.deal_id, si.coupon_id)::text
        AND w.kind = CASE WHEN si.deal_id IS NOT NULL THEN 'deal' ELSE 'coupon' END
      WHERE si.dedupe_key IN (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
      GROUP BY si.dedupe_key`),
  );
  return new Map(
    rows.filter((row) => row.clicks >= EPC_MIN_CLICKS && row.cents > 0).map((row) => [row.key, row.cents / row.clicks]),
  );
}

interface StoreFigures {
  /** Clicks out over the last 30 days. */
  clicks: number;
  /** Earnings per click over the last 90 days, in cents of the site's currency, once it has enough clicks. */
  epcCents?: number;
}

/** Each store's clicks out over the last 30 days and earnings per click over 90 (the analytics' windows). */
async function storeFigures(db: Executor, storeIds: string[]): Promise<Map<string, StoreFigures>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({
      store: clickWindows.value,
      days: clickWindows.days,
      action: clickWindows.action,
      clicks: clickWindows.clicks,
      cents: clickWindows.cents,
    })
    .from(clickWindows)
    .where(
      and(
        inArray(clickWindows.days, [30, 90]),
        eq(clickWindows.facet, "store-all"),
        eq(clickWindows.kind, ""),
        inArray(clickWindows.action, ["click", "sale"]),
        inArray(clickWindows.value, storeIds),
      ),
    );
  const figure = (store: string, days: number, action: string) =>
    rows.find((row) => row.store === store && row.days === days && row.action === action);
  return new Map(
    storeIds.map((store) => {
      const clicks90 = figure(store, 90, "click")?.clicks ?? 0;
      const cents90 = figure(store, 90, "sale")?.cents ?? 0;
      return [
        store,
        {
          clicks: figure(store, 30, "click")?.clicks ?? 0,
          epcCents: clicks90 >= EPC_MIN_CLICKS && cents90 > 0 ? cents90 / clicks90 : undefined,
        },
      ];
    }),
  );
}

async function approvalRate(db: Executor, sourceId: string): Promise<number | null> {
  const [counts] = await db
    .select({ approved: sourcingSources.approvedCount, rejected: sourcingSources.rejectedCount })
    .from(sourcingSources)
    .where(eq(sourcingSources.id, sourceId));
  const decided = counts ? counts.approved + counts.rejected : 0;
  return counts && decided >= RATE_AFTER ? counts.approved / decided : null;
}

/**
 * Lands one batch of a source's offers in the queue: each is matched to a store by name, keyed, scored and
 * queued, unless the site has it, another source's candidate waits for it, or it was rejected lately. This
 * source's own waiting candidate of the same offer is brought up to date (and marked seen at `seenAt`),
 * so a run that is repeated, after a restart say, queues nothing twice.
 */
export async function landOffers(
  db: Database,
  source: { id: string; kind: Exclude<SourceKind, "tip"> },
  offers: Offer[],
  seenAt: Date,
): Promise<LandedOffers> {
  const names = [...new Set(offers.map((offer) => offer.merchant?.trim().toLowerCase()).filter((name) => !!name))];
  const storeIds = await storesNamed(db, names as string[]);
  const keyed = new Map<string, { offer: Offer; storeId: string | null }>();
  let unusable = 0;
  for (const offer of offers) {
    const storeId = storeIds.get(offer.merchant?.trim().toLowerCase() ?? "") ?? null;
    const key = keyOfOffer(offer, storeId, source.id);
    if (key === null) unusable++;
    else if (!keyed.has(key)) keyed.set(key, { offer, storeId });
  }
  const keys = [...keyed.keys()];
  const [onSite, rejected, stores, rate, lows, itemEpc] = await Promise.all([
    keysOnSite(db, keys),
    keysRejectedLately(db, new Map(keys.map((key) => [key, keyed.get(key)!.offer.price ?? null])), seenAt),
    storeFigures(db, [...new Set([...keyed.values()].map((entry) => entry.storeId).filter((id) => id !== null))]),
    approvalRate(db, source.id),
    lowestSeen(db, keys, seenAt),
    earlierItemEpc(db, keys),
  ]);
  const rows = keys
    .filter((key) => !onSite.has(key) && !rejected.has(key))
    .map((key) => {
      const { offer, storeId } = keyed.get(key)!;
      const { score, reasons } = scoreOffer(offer, {
        now: seenAt,
        storeClicks: storeId ? stores.get(storeId)?.clicks : undefined,
        storeEpcCents: storeId ? stores.get(storeId)?.epcCents : undefined,
        approvalRate: rate,
        lowestSeen: lows.get(key),
        itemEpcCents: itemEpc.get(key),
      });
      return {
        source: source.kind,
        sourceId: source.id,
        externalId: offer.externalId,
        kind: offer.kind,
        dedupeKey: key,
        url: offer.url,
        title: offer.title,
        description: offer.description ?? null,
        imageUrl: offer.imageUrl ?? null,
        affiliateUrl: offer.affiliateUrl ?? null,
        price: offer.price ?? null,
        originalPrice: offer.originalPrice ?? null,
        couponCode: offer.couponCode ?? null,
        discountType: offer.discountType ?? null,
        discountValue: offer.discountValue ?? null,
        startsAt: offer.startsAt ?? null,
        endsAt: offer.endsAt ?? null,
        merchant: offer.merchant ?? null,
        storeId,
        score,
        scoreReasons: reasons,
        seenAt,
      };
    });
  let queued = 0;
  let updated = 0;
  if (rows.length > 0) {
    const landed = await db
      .insert(sourcingCandidates)
      .values(rows)
      .onConflictDoUpdate({
        target: sourcingCandidates.dedupeKey,
        targetWhere: WAITING,
        // Only this source's own candidate is brought up to date; another's (a shopper's tip) stays as it is.
        setWhere: sql`${sourcingCandidates.sourceId} = excluded.source_id`,
        set: Object.fromEntries(
          (
            [
              "title",
              "description",
              "imageUrl",
              "affiliateUrl",
              "price",
              "originalPrice",
              "couponCode",
              "discountType",
              "discountValue",
              "startsAt",
              "endsAt",
              "storeId",
              "score",
              "scoreReasons",
              "seenAt",
            ] as const
          ).map((key) => [key, sql.raw(`excluded.${databaseName(key)}`)]),
        ),
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    queued = landed.filter((row) => row.inserted).length;
    updated = landed.length - queued;
  }
  return { queued, updated, skipped: keyed.size - queued - updated, unusable };
}

/** After a full run: this source's waiting candidates it no longer offers are withdrawn. */
export async function withdrawUnseen(db: Executor, sourceId: string, runStartedAt: Date): Promise<number> {
  const gone = await db
    .delete(sourcingCandidates)
    .where(and(eq(sourcingCandidates.sourceId, sourceId), WAITING, sql`${sourcingCandidates.seenAt} < ${runStartedAt}`))
    .returning({ id: sourcingCandidates.id });
  return gone.length;
}

/** Amazon details purged per statement: a run of the job clears a day's searches in a few statements. */
const PURGE_BATCH = 5_000;

/**
 * Amazon lets a site keep its product details for 24 hours: after that an Amazon candidate keeps only its
 * ASIN (its key and address), source and score, and approval reads the details again. Returns how many
 * candidates lost theirs.
 */
export async function purgeAmazonDetails(db: Executor, now: Date): Promise<number> {
  const c = sourcingCandidates;
  const stale = db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.source, "amazon"), isNotNull(c.title), lt(c.seenAt, new Date(now.getTime() - DAY))))
    .limit(PURGE_BATCH);
  let purged = 0;
  for (;;) {
    const cleared = await db
      .update(c)
      .set({ title: null, description: null, imageUrl: null, price: null, originalPrice: null, endsAt: null })
      .where(inArray(c.id, stale))
      .returning({ id: c.id });
    purged += cleared.length;
    if (cleared.length < PURGE_BATCH) return purged;
  }
}

export type Candidate = typeof sourcingCandidates.$inferSelect;

/** How the audit log names a candidate: Amazon's title is kept 24 hours at most, so an Amazon one by its ASIN. */
export const auditTitleOf = (candidate: Pick<Candidate, "source" | "title" | "dedupeKey">) =>
  candidate.source === "amazon" ? candidate.dedupeKey : candidate.title;

export const isSourceKind = (value: string | null): value is SourceKind =>
  (sourceKinds as readonly string[]).includes(value ?? "");

/** The queue's orders: newest first, or best score first. */
export type QueueOrder = "newest" | "score";

/** Snoozed candidates whose time has come wait again (read before the queue, so it never shows them late). */
export async function wakeSnoozed(db: Executor, now: Date): Promise<void> {
  await db
    .update(sourcingCandidates)
    .set({ status: "pending", snoozedUntil: null })
    .where(and(eq(sourcingCandidates.status, "snoozed"), lte(sourcingCandidates.snoozedUntil, now)));
}

/**
 * A page of the waiting candidates, newest or best first, of one source or all, read off the queue's
 * indexes from the row after `after` (a candidate's id: its place is read in the database, to the
 * microsecond a JavaScript date would lose).
 */
export async function waitingCandidates(
  db: Executor,
  options: { limit: number; after?: string; order?: QueueOrder; source?: SourceKind },
): Promise<{ rows: Candidate[]; hasNext: boolean }> {
  const { after, limit, order = "newest", source } = options;
  const c = sourcingCandidates;
  const place =
    order === "score"
      ? sql`(${c.score}, ${c.createdAt}, ${c.id}) < (select a.score, a.created_at, a.id from ${c} a where a.id = ${after})`
      : sql`(${c.createdAt}, ${c.id}) < (select a.created_at, a.id from ${c} a where a.id = ${after})`;
  const rows = await db
    .select()
    .from(c)
    .where(and(eq(c.status, "pending"), source ? eq(c.source, source) : undefined, after ? place : undefined))
    .orderBy(...(order === "score" ? [descNullsLast(c.score)] : []), descNullsLast(c.createdAt), descNullsLast(c.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasNext: rows.length > limit };
}

/** Counts a source's decisions, for its approval rate. */
export async function countDecisions(
  db: Executor,
  decided: Array<{ sourceId: string | null }>,
  column: "approvedCount" | "rejectedCount",
): Promise<void> {
  const bySource = new Map<string, number>();
  for (const { sourceId } of decided) if (sourceId) bySource.set(sourceId, (bySource.get(sourceId) ?? 0) + 1);
  for (const [sourceId, n] of bySource)
    await db
      .update(sourcingSources)
      .set({ [column]: sql`${sourcingSources[column]} + ${n}` })
      .where(eq(sourcingSources.id, sourceId));
}

/**
 * Turns waiting candidates down with the owner's reason, each with an audit row; returns how many were
 * still waiting (a candidate gone or decided already is left alone).
 */
export async function rejectCandidates(db: Database, ids: string[], reason: string, actor: Actor): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rejected = await tx
      .update(sourcingCandidates)
      .set({
        status: "rejected",
        rejectReason: reason,
        snoozedUntil: null,
        reviewedAt: new Date(),
        reviewedBy: actor.id,
      })
      .where(and(inArray(sourcingCandidates.id, ids), WAITING))
      .returning({
        id: sourcingCandidates.id,
        title: sourcingCandidates.title,
        dedupeKey: sourcingCandidates.dedupeKey,
        source: sourcingCandidates.source,
        sourceId: sourcingCandidates.sourceId,
      });
    for (const candidate of rejected)
      await recordAudit(tx, {
        action: "sourcing",
        actor,
        detail: { did: "reject", id: candidate.id, title: auditTitleOf(candidate), source: candidate.source, reason },
      });
    await countDecisions(tx, rejected, "rejectedCount");
    return rejected.length;
  });
}

/** Puts waiting candidates out of the queue until `until`; returns how many were waiting. */
export async function snoozeCandidates(db: Executor, ids: string[], until: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const snoozed = await db
    .update(sourcingCandidates)
    .set({ status: "snoozed", snoozedUntil: until })
    .where(and(inArray(sourcingCandidates.id, ids), WAITING))
    .returning({ id: sourcingCandidates.id });
  return snoozed.length;
}
