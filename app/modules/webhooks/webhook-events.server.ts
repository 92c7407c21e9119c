import { and, type AnyColumn, asc, eq, gt, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { readMark, writeMark } from "#app/db/roll-up-marks.server";
import {
  buyingGuides,
  changeBatches,
  changeBatchItems,
  type ChangeBatchSource,
  coupons,
  deals,
  type WebhookEvent,
  webhookItemStates,
} from "#app/db/schema";
import { buyingGuideFace } from "#app/modules/buying-guides/buying-guide.face";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { dealFace } from "#app/modules/deals/deal.face";

// What happened since the last run, as webhook events: the items changed (saved, or a publish, unpublish or
// end time passed) are compared with whether each was live, and which save it had, when last looked at
// (`webhook_item_states`). Live now and not before: published; live before and now, with a save not seen
// before: updated (deals); live before and not now: expired (deals). A run re-reads the last minute's rows
// (late commits), so a save already judged is recognised by its state, not by its time. The first run
// records every live item's state and starts the clock (the catalogue before webhooks is not news).
//
// Rows an import or a bulk action wrote (`change_batches`) are not news one by one: once the operation has
// finished, its rows are judged together and make one piece of news per event ("12 new deals").

const MARK = "webhook-events";
/** Set once every live item has a state (`recordStartingStates`). */
const STATES_MARK = "webhook-item-states";
/** A row saved just before a run but committed just after it is still seen by the next run. */
const LATE_COMMIT_MS = 60_000;
/** An import that stopped half-way never finishes its batch: what it wrote is announced after this long. */
const ABANDONED_BATCH_MS = 3_600_000;
const PER_PASS = 500;
/** The items a batch's news names; the rest are counted. */
export const LISTED_PER_BATCH = 10;

export type WatchedKind = "deal" | "coupon" | "guide";

/** One piece of news: one item's event, or (from a batch) `count` items' with the first few named. */
export interface WebhookNews {
  event: WebhookEvent;
  kind: WatchedKind;
  ids: string[];
  count: number;
  /** The operation that made it, for news of a batch. */
  source?: ChangeBatchSource;
}

interface Watched {
  kind: WatchedKind;
  type: ContentFace;
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
    type: dealFace,
    table: deals,
    times: [deals.publishAt, deals.unpublishAt, deals.expiresAt],
    published: "deal.published",
    updated: "deal.updated",
    expired: "deal.expired",
  },
  {
    kind: "coupon",
    type: couponFace,
    table: coupons,
    times: [coupons.publishAt, coupons.unpublishAt, coupons.validUntil],
    published: "coupon.published",
  },
  {
    kind: "guide",
    type: buyingGuideFace,
    table: buyingGuides,
    times: [buyingGuides.publishAt, buyingGuides.unpublishAt],
    published: "guide.published",
  },
];

/** The face of a watched kind: what its news items are read by. */
export const watchedFace = (kind: WatchedKind): ContentFace => watched.find((item) => item.kind === kind)!.type;

/** Which of `ids` are live now (news of items gone since it was written is not sent). */
export async function liveIdsOf(
  db: Executor,
  kind: WatchedKind,
  ids: string[],
  now = new Date(),
): Promise<Set<string>> {
  const item = watched.find((candidate) => candidate.kind === kind)!;
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: item.table.id })
    .from(publicRows(item.type, { live: true, now }))
    .where(inArray(item.table.id, ids));
  return new Set(rows.map((row) => row.id));
}

interface Changed {
  id: string;
  updatedAt: Date;
}

/**
 * Each row's event (or none) from whether it is live now and how it was when last looked at (a row never
 * looked at was not live: every live row was recorded when webhooks started, see `recordStartingStates`);
 * then records how it is now, with the save it has, to the microsecond.
 */
async function judge(
  db: Executor,
  item: Watched,
  changed: Changed[],
  now: Date,
  since: Date,
): Promise<Array<{ event: WebhookEvent; id: string }>> {
  if (changed.length === 0) return [];
  const ids = changed.map((row) => row.id);
  const [live, states] = await Promise.all([
    liveIdsOf(db, item.kind, ids, now),
    db
      .select({
        itemId: webhookItemStates.itemId,
        live: webhookItemStates.live,
        sameSave: sql<boolean | null>`${webhookItemStates.seenUpdatedAt} = ${item.table.updatedAt}`,
      })
      .from(webhookItemStates)
      .innerJoin(item.table, eq(item.table.id, webhookItemStates.itemId))
      .where(and(eq(webhookItemStates.kind, item.kind), inArray(webhookItemStates.itemId, ids))),
  ]);
  const before = new Map(states.map((state) => [state.itemId, state]));
  const events: Array<{ event: WebhookEvent; id: string }> = [];
  for (const row of changed) {
    const isLive = live.has(row.id);
    const seen = before.get(row.id);
    const wasLive = seen?.live ?? false;
    // A state kept before saves were (sameSave null) counts a save in this run's span as new.
    const savedSinceSeen = seen?.sameSave === false || (seen?.sameSave == null && row.updatedAt > since);
    let event: WebhookEvent | undefined;
    if (isLive && !wasLive) event = item.published;
    else if (isLive && savedSinceSeen) event = item.updated;
    else if (!isLive && wasLive) event = item.expired;
    if (event) events.push({ event, id: row.id });
  }
  await db.execute(sql`
    INSERT INTO ${webhookItemStates} (kind, item_id, live, seen_updated_at)
    SELECT ${item.kind}, ${item.table.id}, ${live.size ? inArray(item.table.id, [...live]) : sql`false`}, ${item.table.updatedAt}
    FROM ${item.table} WHERE ${inArray(item.table.id, ids)}
    ON CONFLICT (kind, item_id) DO UPDATE SET live = excluded.live, seen_updated_at = excluded.seen_updated_at`);
  return events;
}

const changedColumns = (item: Watched) => ({ id: item.table.id, updatedAt: item.table.updatedAt });

/** The row is as a batch (not told of yet: told ones are deleted) left it: that batch will tell of it. */
const heldByBatch = (item: Watched): SQL => sql`exists (
  select 1 from ${changeBatchItems}
  where ${changeBatchItems.kind} = ${item.kind} and ${changeBatchItems.itemId} = ${item.table.id} and ${changeBatchItems.savedAt} = ${item.table.updatedAt})`;

/** This save of the row has been judged already (a run re-reads the last minute's saves for late commits). */
const saveSeen = (item: Watched): SQL => sql`exists (
  select 1 from ${webhookItemStates}
  where ${webhookItemStates.kind} = ${item.kind} and ${webhookItemStates.itemId} = ${item.table.id}
    and ${webhookItemStates.seenUpdatedAt} = ${item.table.updatedAt})`;

/** One piece of news per item changed since `since`, but for rows a batch holds. */
async function itemNews(db: Executor, item: Watched, since: Date, now: Date): Promise<WebhookNews[]> {
  const news: WebhookNews[] = [];
  const changedWhere = and(
    or(
      and(gt(item.table.updatedAt, since), sql`not ${saveSeen(item)}`),
      ...item.times.map((time) => and(gt(time, since), lte(time, now))),
    ),
    sql`not ${heldByBatch(item)}`,
  );
  // By id, after the last one judged: judging a row changes what the condition finds.
  for (let after = ""; ;) {
    const changed = await db
      .select(changedColumns(item))
      .from(item.table)
      .where(and(changedWhere, after ? gt(item.table.id, after) : undefined))
      .orderBy(item.table.id)
      .limit(PER_PASS);
    if (changed.length === 0) break;
    const events = await judge(db, item, changed, now, since);
    news.push(...events.map(({ event, id }) => ({ event, kind: item.kind, ids: [id], count: 1 })));
    after = changed.at(-1)!.id;
    if (changed.length < PER_PASS) break;
  }
  return news;
}

/**
 * When webhooks start (the job's first run, or its first since item states were kept this way), every
 * live item is recorded as live with the save it has, so a row never looked at is one that was not live.
 * Rows saved in this run's span are left to be judged.
 */
async function recordStartingStates(db: Executor, since: Date, now: Date): Promise<void> {
  for (const item of watched) {
    const live = publicRows(item.type, { live: true, now });
    await db.execute(sql`
      INSERT INTO ${webhookItemStates} (kind, item_id, live, seen_updated_at)
      SELECT ${item.kind}, ${item.table.id}, true, ${item.table.updatedAt} FROM ${live} WHERE ${item.table.updatedAt} <= ${since}
      ON CONFLICT (kind, item_id) DO UPDATE SET seen_updated_at = coalesce(${webhookItemStates.seenUpdatedAt}, excluded.seen_updated_at)`);
  }
  await writeMark(db, STATES_MARK, now);
}

/** A finished batch's rows (those still as it left them), judged together: one piece of news per event. */
async function batchNews(db: Executor, batch: typeof changeBatches.$inferSelect, now: Date): Promise<WebhookNews[]> {
  const news = new Map<string, WebhookNews>();
  // States kept before saves were: a save since the batch began is new (a second's slack for the clocks).
  const since = new Date(batch.createdAt.getTime() - 1_000);
  for (const item of watched) {
    let after = "";
    for (;;) {
      // Joined by id alone: a bulk action gives every row the same updated_at, so a join on it would walk
      // that whole run of the updated_at index for each row.
      const rows = await db
        .select({
          ...changedColumns(item),
          asBatchLeftIt: sql<boolean>`${item.table.updatedAt} = ${changeBatchItems.savedAt}`,
          itemId: changeBatchItems.itemId,
        })
        .from(changeBatchItems)
        .innerJoin(item.table, eq(item.table.id, changeBatchItems.itemId))
        .where(
          and(
            eq(changeBatchItems.batchId, batch.id),
            eq(changeBatchItems.kind, item.kind),
            after ? gt(changeBatchItems.itemId, after) : undefined,
          ),
        )
        .orderBy(asc(changeBatchItems.itemId))
        .limit(PER_PASS);
      if (rows.length === 0) break;
      after = rows.at(-1)!.itemId;
      // Rows saved again since are news of their own.
      const changed = rows.filter((row) => row.asBatchLeftIt);
      for (const { event, id } of await judge(db, item, changed, now, since)) {
        const key = `${item.kind}:${event}`;
        const entry = news.get(key) ?? { event, kind: item.kind, ids: [], count: 0, source: batch.source };
        if (entry.ids.length < LISTED_PER_BATCH) entry.ids.push(id);
        entry.count++;
        news.set(key, entry);
      }
      if (rows.length < PER_PASS) break;
    }
  }
  // Told: the batch and its items go (in the run's transaction, so a failed run tells it again).
  await db.delete(changeBatches).where(eq(changeBatches.id, batch.id));
  return [...news.values()];
}

/** The batches whose operation has finished (or stopped long ago), oldest first. */
function finishedBatches(db: Executor, now: Date) {
  return db
    .select()
    .from(changeBatches)
    .where(
      or(lte(changeBatches.finishedAt, now), lt(changeBatches.createdAt, new Date(now.getTime() - ABANDONED_BATCH_MS))),
    )
    .orderBy(asc(changeBatches.createdAt));
}

/** The news since the last run (as of `now`): items' own, then finished batches'; moves the mark. */
export async function detectWebhookNews(db: Executor, now = new Date()): Promise<WebhookNews[]> {
  const mark = await readMark(db, MARK);
  const since = mark ? new Date(mark.getTime() - LATE_COMMIT_MS) : now;
  if (!(await readMark(db, STATES_MARK))) await recordStartingStates(db, since, now);
  const news: WebhookNews[] = [];
  if (mark) for (const item of watched) news.push(...(await itemNews(db, item, since, now)));
  // Before the first run there is nothing to compare with: batches are let go like the rest of the past.
  for (const batch of await finishedBatches(db, now)) {
    const told = await batchNews(db, batch, now);
    if (mark) news.push(...told);
  }
  await writeMark(db, MARK, now);
  return news;
}
