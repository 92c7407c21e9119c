import { readMark, writeMark } from "#app/db/roll-up-marks.server";
import { and, eq, gt, inArray, lte, or, sql, type AnyColumn } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { buyingGuides, coupons, deals, stores, webhookItemStates, type WebhookEvent } from "#app/db/schema";
import { couponDiscountLabel, dealPriceAndStore } from "#app/lib/money";
import { dealPath, storePath } from "#app/lib/public-paths";
import { buyingGuideType } from "#app/modules/buying-guides/buying-guide.type.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { couponType } from "#app/modules/coupons/coupon.type.server";
import { dealType } from "#app/modules/deals/deal.type.server";

// What happened since the last run, as webhook events: the items changed (saved, or a publish, unpublish or
// end time passed) are compared with whether each was live, and which save it had, when last looked at
// (`webhook_item_states`). Live now and not before: published; live before and now, with a save not seen
// before: updated (deals); live before and not now: expired (deals). A run re-reads the last minute's rows
// (late commits), so an item it has already announced is recognised by its state, not by its time. The
// first run only starts the clock (the catalogue before webhooks is not news).

const MARK = "webhook-events";
/** A row saved just before a run but committed just after it is still seen by the next run. */
const LATE_COMMIT_MS = 60_000;
const PER_PASS = 500;

export interface ItemEvent {
  event: WebhookEvent;
  kind: "deal" | "coupon" | "guide";
  id: string;
}

interface Watched {
  kind: ItemEvent["kind"];
  type: AnyContentType;
  table: typeof deals | typeof coupons | typeof buyingGuides;
  /** Times that, once passed, change whether a row is live. */
  times: AnyColumn[];
  published: WebhookEvent;
  updated?: WebhookEvent;
  expired?: WebhookEvent;
}

const watched: Watched[] = [
  {
    kind: "deal",
    type: dealType,
    table: deals,
    times: [deals.publishAt, deals.unpublishAt, deals.expiresAt],
    published: "deal.published",
    updated: "deal.updated",
    expired: "deal.expired",
  },
  { kind: "coupon", type: couponType, table: coupons, times: [coupons.publishAt, coupons.unpublishAt, coupons.validUntil], published: "coupon.published" },
  { kind: "guide", type: buyingGuideType, table: buyingGuides, times: [buyingGuides.publishAt, buyingGuides.unpublishAt], published: "guide.published" },
];

async function eventsOf(db: Executor, item: Watched, since: Date, now: Date): Promise<ItemEvent[]> {
  const events: ItemEvent[] = [];
  const changedWhere = or(gt(item.table.updatedAt, since), ...item.times.map((time) => and(gt(time, since), lte(time, now))));
  for (let offset = 0; ; offset += PER_PASS) {
    const changed = await db
      .select({ id: item.table.id, createdAt: item.table.createdAt, updatedAt: item.table.updatedAt, publishAt: item.table.publishAt })
      .from(item.table)
      .where(changedWhere)
      .orderBy(item.table.id)
      .limit(PER_PASS)
      .offset(offset);
    if (changed.length === 0) break;
    const ids = changed.map((row) => row.id);
    const [liveRows, states] = await Promise.all([
      db
        .select({ id: item.table.id })
        .from(publicRows(item.type, { live: true, now }))
        .where(inArray(item.table.id, ids)),
      db
        .select()
        .from(webhookItemStates)
        .where(and(eq(webhookItemStates.kind, item.kind), inArray(webhookItemStates.itemId, ids))),
    ]);
    const live = new Set(liveRows.map((row) => row.id));
    const before = new Map(states.map((state) => [state.itemId, state]));
    for (const row of changed) {
      const isLive = live.has(row.id);
      const seen = before.get(row.id);
      const wasLive = seen?.live;
      const savedSinceSeen = seen?.seenUpdatedAt ? row.updatedAt > seen.seenUpdatedAt : row.updatedAt > since;
      // Never looked at: new since the last run, or reaching its publish time now, is a publication.
      const isNew = row.createdAt > since || (row.publishAt !== null && row.publishAt > since);
      let event: WebhookEvent | undefined;
      if (isLive && (wasLive === false || (wasLive === undefined && isNew))) event = item.published;
      else if (isLive && savedSinceSeen) event = item.updated;
      else if (!isLive && wasLive === true) event = item.expired;
      if (event) events.push({ event, kind: item.kind, id: row.id });
    }
    await db
      .insert(webhookItemStates)
      .values(changed.map((row) => ({ kind: item.kind, itemId: row.id, live: live.has(row.id), seenUpdatedAt: row.updatedAt })))
      .onConflictDoUpdate({
        target: [webhookItemStates.kind, webhookItemStates.itemId],
        set: { live: sql`excluded.live`, seenUpdatedAt: sql`excluded.seen_updated_at` },
      });
    if (changed.length < PER_PASS) break;
  }
  return events;
}

/** The events since the last run (as of `now`), oldest mark first; moves the mark. */
export async function detectWebhookEvents(db: Executor, now = new Date()): Promise<ItemEvent[]> {
  const mark = await readMark(db, MARK);
  const events = mark ? (await Promise.all(watched.map((item) => eventsOf(db, item, new Date(mark.getTime() - LATE_COMMIT_MS), now)))).flat() : [];
  await writeMark(db, MARK, now);
  return events;
}

export interface EventItem {
  title: string;
  path: string;
  /** Price or discount and store, in words ("$279.99 at Best Buy"). */
  summary: string;
}

/** What a delivery says about the item: its title, DealDash page and a short summary. */
export async function itemOf(db: Executor, kind: ItemEvent["kind"], id: string): Promise<EventItem | null> {
  if (kind === "deal") {
    const [row] = await db
      .select({ title: deals.title, slug: deals.slug, price: deals.currentPrice, asin: deals.amazonAsin, store: stores.name })
      .from(deals)
      .leftJoin(stores, eq(stores.id, deals.storeId))
      .where(eq(deals.id, id));
    return row
      ? {
          title: row.title,
          path: dealPath(row),
          summary: dealPriceAndStore(row),
        }
      : null;
  }
  if (kind === "coupon") {
    const [row] = await db
      .select({ title: coupons.title, type: coupons.discountType, value: coupons.discountValue, store: stores.name, storeSlug: stores.slug })
      .from(coupons)
      .innerJoin(stores, eq(stores.id, coupons.storeId))
      .where(eq(coupons.id, id));
    return row
      ? { title: row.title, path: `${storePath({ slug: row.storeSlug })}#coupon-${id}`, summary: `${couponDiscountLabel(row.type, row.value)} at ${row.store}` }
      : null;
  }
  const [row] = await db.select({ title: buyingGuides.title, slug: buyingGuides.slug }).from(buyingGuides).where(eq(buyingGuides.id, id));
  return row ? { title: row.title, path: `/buying-guides/${row.slug}`, summary: "" } : null;
}
