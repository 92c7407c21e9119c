import { eq, type SQL, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import {
  attentionMarks,
  auditLog,
  backupRuns,
  buyingGuides,
  codeKeySql,
  coupons,
  deals,
  giftIdeas,
  linkFallbacks,
  stores,
} from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { COUNT_CAP, formatCount } from "#app/lib/counts";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { isHttpUrl } from "#app/lib/urls";
import { isUuid } from "#app/lib/uuid";
import { HTTP_URL_MESSAGE } from "#app/lib/validation";
import { recordAudit } from "#app/modules/audit/audit.server";
import { checkedTypes } from "#app/modules/catalogue/click-out.server";
import type { TypeKey } from "#app/modules/catalogue/faces";
import { itemNames } from "#app/modules/catalogue/item-names.server";
import { contentType, contentTypes } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRule } from "#app/modules/content-types/public-read.server";
import { lifecycleOf } from "#app/modules/content-types/words";
import { markCouponVerified } from "#app/modules/coupons/coupon-verified.server";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

import {
  actionsFor,
  ATTENTION_PAGE_SIZE,
  type AttentionAction,
  type AttentionReason,
  attentionReasons,
  type AttentionRow,
  type BulkAttentionAction,
  bulkAttentionActions,
  type ItemReason,
  STOPPED_EARNING_CLICKS,
  STOPPED_EARNING_DAYS,
} from "./attention";

// Needs attention: live items that may be losing money, most clicked in the last 30 days first. Each
// reason is a query served by an index (recent reports, featured items past their end, Amazon prices not
// refreshed for a day); the admin's snooze or dismissal is kept per item and reason in `attention_marks`.

/** Shoppers' reports within this many days count… */
const REPORT_DAYS = 14;
/** …once there are this many since the admin last looked (dismissed it, or verified the coupon). */
export const REPORT_THRESHOLD = 3;
const SNOOZE_DAYS = 7;
/**
 * Deals' reasons can hold tens of thousands (every Amazon deal while Amazon is not set up): each brings its
 * 1,000 most clicked, read off the popularity index, so ranking the queue never sorts the catalogue.
 */
const BRANCH_ROWS = 1_000;

/** A type's public rule as SQL over its own table (`live`: before its end too); stores have none. */
const publicOf = (type: AnyContentType | TypeKey, options: { live?: boolean } = {}) =>
  publicRule(lifecycleOf(typeof type === "string" ? contentType(type) : type), options) ?? sql`true`;

/** Whether the item a row names is live, by the types' own public rule (every type link health checks). */
const liveItem = (kind: SQL, id: SQL) => sql`CASE ${kind}
  ${sql.join(
    checkedTypes.map(
      (type) =>
        sql`WHEN ${type.key} THEN EXISTS (SELECT 1 FROM ${type.table} WHERE ${type.table.id} = ${id} AND ${publicOf(type, { live: true })})`,
    ),
    sql` `,
  )}
  ELSE false END`;

/**
 * Stores that earned in the 90 days before the last STOPPED_EARNING_DAYS and nothing since, while shoppers
 * kept clicking out (from the analytics' roll-ups of clicks and sales per store, ADR 0048): probably a
 * broken tag. Since the day after its last earning, so a dismissal holds until it earns and stops again.
 */
const stoppedEarning = sql`
  SELECT 'store', recent.value::uuid, 'stopped-earning', recent.clicks, NULL, last.day + interval '1 day'
  FROM (
    SELECT value, sum(clicks) FILTER (WHERE action = 'click')::int AS clicks, coalesce(sum(cents) FILTER (WHERE action = 'sale'), 0) AS cents
    FROM click_days
    WHERE facet = 'store-all' AND day > (now() AT TIME ZONE 'UTC')::date - ${STOPPED_EARNING_DAYS}::int AND action IN ('click', 'sale') AND value <> ''
    GROUP BY value
  ) recent
  CROSS JOIN LATERAL (
    SELECT max(d.day)::timestamptz AS day FROM click_days d
    WHERE d.facet = 'store-all' AND d.value = recent.value AND d.kind = '' AND d.action = 'sale' AND d.cents > 0
      AND d.day > (now() AT TIME ZONE 'UTC')::date - ${STOPPED_EARNING_DAYS + 90}::int
  ) last
  WHERE recent.clicks >= ${STOPPED_EARNING_CLICKS} AND recent.cents <= 0 AND last.day IS NOT NULL`;

/** Drafts a contributor submitted for review, with who (few at any size: a partial index holds them). */
const waitingForReview = sql.join(
  contentTypes.flatMap((type) => {
    const lifecycle = lifecycleOf(type);
    if (!lifecycle?.authorId || !lifecycle.submittedAt) return [];
    return [
      sql`SELECT ${type.key}, t.id, 'review', 0, u.email, t.submitted_at
        FROM ${type.table} t LEFT JOIN users u ON u.id = t.author_id
        WHERE t.submitted_at IS NOT NULL AND t.status = 'draft'`,
    ];
  }),
  sql` UNION ALL `,
);

/** The latest backup, when it failed: until one succeeds, the site has no fresh backup. */
const failedBackup = sql`
  SELECT 'backup', r.id, 'backup', 0, r.error, r.finished_at
  FROM (SELECT id, error, finished_at FROM ${backupRuns} ORDER BY started_at DESC LIMIT 1) r
  WHERE r.error IS NOT NULL`;

/** What Needs attention calls a failed backup, and where it is seen to. */
const BACKUP_NAME = { label: "The database's backup", noun: "Backup", href: "/admin/jobs#backups" };

/**
 * Every reason's rows: kind, item_id, reason, a figure and a detail for its wording, and since when it has
 * held (a dismissal hides what held before it; rows with no such time stay hidden).
 */
const reasons = sql`
  SELECT v.kind, v.item_id, 'reports' AS reason, count(*)::int AS figure, NULL::text AS detail, max(v.created_at) AS since
  FROM item_votes v
  LEFT JOIN attention_marks m ON m.kind = v.kind AND m.item_id = v.item_id AND m.reason = 'reports'
  LEFT JOIN coupons c ON v.kind = 'coupon' AND c.id = v.item_id
  WHERE v.vote IN ('failed', 'expired') AND v.created_at > now() - ${`${REPORT_DAYS} days`}::interval
    AND (m.created_at IS NULL OR v.created_at > m.created_at) AND (c.verified_at IS NULL OR v.created_at > c.verified_at)
    AND ${liveItem(sql`v.kind`, sql`v.item_id`)}
  GROUP BY v.kind, v.item_id HAVING count(*) >= ${REPORT_THRESHOLD}
  UNION ALL
  SELECT lc.kind, lc.item_id, lc.target, lc.failures, lc.problem, lc.checked_at FROM link_checks lc
  WHERE lc.failures >= 2 AND ${liveItem(sql`lc.kind`, sql`lc.item_id`)}
  UNION ALL
  (SELECT 'deal', id, 'ended-featured', 0, NULL, NULL FROM deals WHERE ${publicOf("deal")} AND featured AND expires_at < now()
    ORDER BY popularity DESC NULLS LAST LIMIT ${BRANCH_ROWS})
  UNION ALL
  SELECT 'coupon', id, 'ended-featured', 0, NULL, NULL FROM coupons WHERE ${publicOf("coupon")} AND featured AND valid_until < now()
  UNION ALL
  (SELECT 'deal', id, 'stale-price', 0, NULL, NULL FROM deals
    WHERE ${publicOf("deal", { live: true })} AND amazon_asin IS NOT NULL AND (price_updated_at IS NULL OR price_updated_at < now() - interval '24 hours')
    ORDER BY popularity DESC NULLS LAST LIMIT ${BRANCH_ROWS})
  UNION ALL
  SELECT 'store', id, 'no-link', 0, NULL, NULL FROM stores WHERE affiliate_url IS NULL
  UNION ALL
  SELECT 'coupon', coupons.id, 'code-changed', 0, si.coupon_code, si.code_changed_at
  FROM sourced_items si JOIN coupons ON coupons.id = si.coupon_id
  WHERE si.code_changed_at IS NOT NULL AND ${publicOf("coupon", { live: true })}
    AND ${codeKeySql(sql`coalesce(coupons.coupon_code, '')`)} <> ${codeKeySql(sql`coalesce(si.coupon_code, '')`)}
  UNION ALL
  ${stoppedEarning}
  UNION ALL
  ${waitingForReview}
  UNION ALL
  ${failedBackup}
  UNION ALL
  SELECT 'gift', id, 'stale-price', 0, NULL, NULL FROM gift_ideas
  WHERE ${publicOf("gift", { live: true })} AND amazon_asin IS NOT NULL AND (price_updated_at IS NULL OR price_updated_at < now() - interval '24 hours')`;

/** The reasons' rows the admin has neither snoozed nor dismissed (since they last arose). */
const open = sql`
  SELECT r.* FROM (${reasons}) r
  WHERE NOT EXISTS (
    SELECT 1 FROM attention_marks m WHERE m.kind = r.kind AND m.item_id = r.item_id AND m.reason = r.reason
      AND (m.snoozed_until > now() OR (m.snoozed_until IS NULL AND (r.since IS NULL OR r.since <= m.created_at))))`;

/** The open reasons grouped by item: one row per item, its reasons in a list (`reason`: only items with it). */
const itemsOf = (reason: AttentionReason | null) => sql`
  SELECT o.kind, o.item_id,
    jsonb_agg(jsonb_build_object('reason', o.reason, 'figure', o.figure, 'detail', o.detail) ORDER BY o.reason) AS reasons
  FROM (${open}) o GROUP BY o.kind, o.item_id
  ${reason ? sql`HAVING bool_or(o.reason = ${reason})` : sql``}`;

/** How many items wait (for a reason, or any), up to COUNT_CAP + 1 (the sidebar's figure). */
export async function attentionCount(db: Executor, reason: AttentionReason | null = null): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (${itemsOf(reason)} LIMIT ${COUNT_CAP + 1}) waiting`),
  );
  return row?.n ?? 0;
}

/**
 * The sidebar's figure on every admin page, read again at most every 20 seconds (at 100,000 deals the count
 * costs tens of milliseconds on the embedded database), or at once after this process's admin acts on the queue.
 */
export const sidebarAttentionCount = keptUntilContentChanges((db: Executor) => attentionCount(db), {
  maxAgeMs: 20_000,
});

/** How many items wait for each reason (the filter's figures). */
async function reasonCounts(db: Executor): Promise<Record<AttentionReason, number>> {
  const rows = rowsOf<{ reason: AttentionReason; n: number }>(
    await db.execute(sql`SELECT reason, count(*)::int AS n FROM (${open}) o GROUP BY reason`),
  );
  return Object.fromEntries(
    attentionReasons.map((reason) => [reason, rows.find((row) => row.reason === reason)?.n ?? 0]),
  ) as Record<AttentionReason, number>;
}

/**
 * A page of the queue (items with `reason`, or all), most clicked in the last 30 days first, with each
 * item's reasons; `total` items match, `all` wait in all.
 */
export async function attentionQueue(
  db: Executor,
  { page = 1, reason = null }: { page?: number; reason?: AttentionReason | null } = {},
): Promise<{ rows: AttentionRow[]; total: number; all: number; counts: Record<AttentionReason, number> }> {
  const [found, total, all, counts] = await Promise.all([
    db.execute(sql`
      SELECT i.kind, i.item_id::text AS id, i.reasons, coalesce(w.clicks, 0)::int AS clicks FROM (${itemsOf(reason)}) i
      LEFT JOIN click_windows w ON w.days = 30 AND w.facet = 'item' AND w.value = i.item_id::text AND w.kind = i.kind AND w.action = 'click'
      ORDER BY clicks DESC, i.kind, i.item_id LIMIT ${ATTENTION_PAGE_SIZE} OFFSET ${(page - 1) * ATTENTION_PAGE_SIZE}`),
    attentionCount(db, reason),
    reason ? attentionCount(db) : undefined,
    reasonCounts(db),
  ]);
  const rows = rowsOf<{ kind: string; id: string; reasons: ItemReason[]; clicks: number }>(found);
  const names = await itemNames(db, rows);
  return {
    rows: rows.flatMap((row) => {
      const name = row.kind === "backup" ? BACKUP_NAME : names.get(`${row.kind}:${row.id}`);
      return name ? [{ ...row, label: name.label, noun: name.noun, href: name.href }] : [];
    }),
    total,
    all: all ?? total,
    counts,
  };
}

/** The item's open reasons (only `reason`, when given): what its snooze or dismissal hides. */
async function openReasonsOf(
  db: Executor,
  kind: string,
  id: string,
  reason: AttentionReason | null,
): Promise<AttentionReason[]> {
  const rows = rowsOf<{ reason: AttentionReason }>(
    await db.execute(
      sql`SELECT o.reason FROM (${open}) o WHERE o.kind = ${kind} AND o.item_id = ${id}::uuid ${reason ? sql`AND o.reason = ${reason}` : sql``}`,
    ),
  );
  return rows.map((row) => row.reason);
}

/** The field that ends an item of a kind that has an end ('Expire' sets it to now); others are unpublished. */
const endField = { deal: "expiresAt", coupon: "validUntil" } as const;
const tables = {
  deal: deals,
  coupon: coupons,
  gift: giftIdeas,
  guide: buyingGuides,
  store: stores,
  backup: backupRuns,
} as const;

/** Hides the item for this reason: for a week, or until the reason arises again (new reports). */
async function mark(db: Executor, item: { kind: string; id: string; reason: string }, snoozedUntil: Date | null) {
  await db
    .insert(attentionMarks)
    .values({ kind: item.kind, itemId: item.id, reason: item.reason, snoozedUntil, createdAt: new Date() })
    .onConflictDoUpdate({
      target: [attentionMarks.kind, attentionMarks.itemId, attentionMarks.reason],
      set: { snoozedUntil, createdAt: new Date() },
    });
}

const done: Record<AttentionAction, string> = {
  expire: "Marked as ended: it has left the public listings",
  unpublish: "Unpublished",
  snooze: `Snoozed for ${SNOOZE_DAYS} days`,
  dismiss: "Dismissed",
  verify: "Coupon marked as verified",
  fallback: "Fallback set: shoppers go there while the link is broken",
};

const MAX_URL_LENGTH = 2048;

/**
 * One of an item's actions, audited (the coupon's 'verified' by markCouponVerified). Snooze and dismiss
 * hide every reason the item is in the queue for (or only `reason`, the filter the admin is looking at).
 */
export async function actOnAttention(
  db: Database,
  actor: Actor,
  item: { kind: string; id: string; action: string; reason?: AttentionReason | null; fallbackUrl?: string },
): Promise<Toast> {
  const table = tables[item.kind as keyof typeof tables];
  if (!table || !isUuid(item.id)) return errorToast("That action is not available for this item.");
  const reasons = await openReasonsOf(db, item.kind, item.id, item.reason ?? null);
  const action = actionsFor({ kind: item.kind, reasons: reasons.map((reason) => ({ reason })) }).find(
    (candidate) => candidate.action === item.action,
  )?.action;
  if (!action)
    return errorToast(
      reasons.length === 0 ? "This item no longer needs attention." : "That action is not available for this item.",
    );
  if (action === "verify") {
    const verified = await markCouponVerified({ db }, item.id, actor);
    sidebarAttentionCount.forget();
    return verified;
  }
  const fallbackUrl = item.fallbackUrl?.trim() ?? "";
  if (action === "fallback" && (!isHttpUrl(fallbackUrl) || fallbackUrl.length > MAX_URL_LENGTH))
    return errorToast(`Fallback URL: ${HTTP_URL_MESSAGE}`);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        title: "title" in table ? table.title : "name" in table ? table.name : sql<string>`${BACKUP_NAME.label}`,
      })
      .from(table)
      .where(eq(table.id, item.id));
    if (!row) return false;
    if (action === "fallback") {
      await tx
        .insert(linkFallbacks)
        .values({ kind: item.kind, itemId: item.id, url: fallbackUrl })
        .onConflictDoUpdate({
          target: [linkFallbacks.kind, linkFallbacks.itemId],
          set: { url: fallbackUrl, setAt: new Date() },
        });
      // Handled until the next failed check brings the row back.
      await mark(tx, { ...item, reason: "link" }, null);
    } else if (action === "expire" || action === "unpublish") {
      const end = endField[item.kind as keyof typeof endField];
      const set: Record<string, unknown> = action === "expire" && end ? { [end]: new Date() } : { status: "draft" };
      await tx.update(table).set(set).where(eq(table.id, item.id));
    } else {
      const until = action === "snooze" ? new Date(Date.now() + SNOOZE_DAYS * 86_400_000) : null;
      for (const reason of reasons) await mark(tx, { ...item, reason }, until);
    }
    const detail = { title: row.title, reasons, did: action, ...(action === "fallback" ? { fallbackUrl } : {}) };
    await recordAudit(tx, { action: "attention", actor, entity: item.kind, entityId: item.id, detail });
    return true;
  });
  sidebarAttentionCount.forget();
  return changed ? successToast(done[action]) : errorToast("This item no longer exists.");
}

/** How many items a bulk action took, in words: "12 items snoozed for 7 days". */
const bulkDone: Record<BulkAttentionAction, (n: string) => string> = {
  snooze: (n) => `${n} snoozed for ${SNOOZE_DAYS} days`,
  dismiss: (n) => `${n} dismissed`,
  unpublish: (n) => `${n} unpublished`,
};

/**
 * A bulk action on ticked items, or (snooze and dismiss) on every item the filter shows, in one statement
 * with one audit row per item. Stores, which have no status, are left out of 'Unpublish'.
 */
export async function bulkActOnAttention(
  db: Database,
  actor: Actor,
  request: { action: string; items: Array<{ kind: string; id: string }> | "all"; reason: AttentionReason | null },
): Promise<Toast> {
  const action = bulkAttentionActions.find((candidate) => candidate.action === request.action)?.action;
  if (!action) return errorToast("Choose an action for the selected items");
  const items =
    request.items === "all" ? "all" : request.items.filter((item) => item.kind in tables && isUuid(item.id));
  if (items !== "all" && items.length === 0) return errorToast("Select the items to change first");
  // Ticks come from one page of the queue: a longer list did not come from it, and would walk the queue once per item.
  if (items !== "all" && items.length > ATTENTION_PAGE_SIZE)
    return errorToast(`Tick at most ${ATTENTION_PAGE_SIZE} items, a page at a time.`);
  if (action === "unpublish") {
    if (items === "all") return errorToast("Unpublish the items you tick, a page at a time.");
    let unpublished = 0;
    for (const item of items.filter((candidate) => candidate.kind !== "store")) {
      if ((await actOnAttention(db, actor, { ...item, action })).type === "success") unpublished++;
    }
    return successToast(
      bulkDone.unpublish(
        items.length === unpublished
          ? `${formatCount(unpublished)} ${unpublished === 1 ? "item" : "items"}`
          : `${formatCount(unpublished)} of ${formatCount(items.length)} items`,
      ),
    );
  }
  const chosen =
    items === "all"
      ? sql`true`
      : sql`(o.kind, o.item_id) IN (${sql.join(
          items.map((item) => sql`(${item.kind}, ${item.id}::uuid)`),
          sql`, `,
        )})`;
  const until = action === "snooze" ? new Date(Date.now() + SNOOZE_DAYS * 86_400_000) : null;
  const marked = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH hit AS (
        SELECT o.kind, o.item_id, o.reason FROM (${open}) o WHERE ${chosen} ${request.reason ? sql`AND o.reason = ${request.reason}` : sql``}
      ), marked AS (
        INSERT INTO ${attentionMarks} (kind, item_id, reason, snoozed_until, created_at)
        SELECT kind, item_id, reason, ${until}::timestamptz, now() FROM hit
        ON CONFLICT (kind, item_id, reason) DO UPDATE SET snoozed_until = excluded.snoozed_until, created_at = excluded.created_at
        RETURNING kind, item_id, reason
      ), audited AS (
        INSERT INTO ${auditLog} (action, actor_id, actor_email, entity, entity_id, detail)
        SELECT 'attention', ${actor.id}::uuid, ${actor.email}, kind, item_id::text, jsonb_build_object('did', ${action}::text, 'reasons', jsonb_agg(reason), 'bulk', true)
        FROM marked GROUP BY kind, item_id
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM audited`),
  );
  sidebarAttentionCount.forget();
  const n = marked[0]?.n ?? 0;
  return successToast(bulkDone[action](`${formatCount(n)} ${n === 1 ? "item" : "items"}`));
}
