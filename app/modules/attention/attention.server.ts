import { eq, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { rowsOf } from "#app/db/result-rows";
import { attentionMarks, coupons, deals, giftIdeas, linkFallbacks, stores } from "#app/db/schema";
import { COUNT_CAP } from "#app/lib/counts";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { HTTP_URL_MESSAGE } from "#app/lib/validation";
import { isHttpUrl } from "#app/lib/urls";
import { recordAudit } from "#app/modules/audit/audit.server";
import { markCouponVerified } from "#app/modules/coupons/coupon-verified.server";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";
import { clickOutTypes } from "#app/modules/content-types/click-out.server";
import type { AnyContentType, TypeKey } from "#app/modules/content-types/content-type";
import { itemNames } from "#app/modules/content-types/item-names.server";
import { publicRule } from "#app/modules/content-types/public-read.server";
import { contentType } from "#app/modules/content-types/registry.server";
import { lifecycleOf } from "#app/modules/content-types/words";
import type { Actor } from "#app/modules/content-types/mutations.server";
import { actionsFor, ATTENTION_PAGE_SIZE, type AttentionAction, type AttentionReason, type AttentionRow } from "./attention";

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

/** Whether the item a row names is live, by the types' own public rule (every type with a click-out). */
const liveItem = (kind: SQL, id: SQL) => sql`CASE ${kind}
  ${sql.join(
    clickOutTypes.map((type) => sql`WHEN ${type.key} THEN EXISTS (SELECT 1 FROM ${type.table} WHERE ${type.table.id} = ${id} AND ${publicOf(type, { live: true })})`),
    sql` `,
  )}
  ELSE false END`;

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
  SELECT lc.kind, lc.item_id, 'link', lc.failures, lc.problem, lc.checked_at FROM link_checks lc
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
  SELECT 'gift', id, 'stale-price', 0, NULL, NULL FROM gift_ideas
  WHERE ${publicOf("gift", { live: true })} AND amazon_asin IS NOT NULL AND (price_updated_at IS NULL OR price_updated_at < now() - interval '24 hours')`;

/** The reasons' rows the admin has neither snoozed nor dismissed (since they last arose). */
const open = sql`
  SELECT r.* FROM (${reasons}) r
  WHERE NOT EXISTS (
    SELECT 1 FROM attention_marks m WHERE m.kind = r.kind AND m.item_id = r.item_id AND m.reason = r.reason
      AND (m.snoozed_until > now() OR (m.snoozed_until IS NULL AND (r.since IS NULL OR r.since <= m.created_at))))`;


/** How many rows wait, up to COUNT_CAP + 1 (the sidebar's figure). */
export async function attentionCount(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${open} LIMIT ${COUNT_CAP + 1}) waiting`));
  return row?.n ?? 0;
}

/**
 * The sidebar's figure on every admin page, read again at most every 20 seconds (at 100,000 deals the count
 * costs tens of milliseconds on the embedded database), or at once after this process's admin acts on the queue.
 */
export const sidebarAttentionCount = keptUntilContentChanges(attentionCount, { maxAgeMs: 20_000 });

/** A page of the queue, most clicked in the last 30 days first. */
export async function attentionQueue(db: Executor, page = 1): Promise<{ rows: AttentionRow[]; total: number }> {
  const [found, total] = await Promise.all([
    db.execute(sql`
      SELECT o.kind, o.item_id::text AS id, o.reason, o.figure, o.detail, coalesce(w.clicks, 0)::int AS clicks FROM (${open}) o
      LEFT JOIN click_windows w ON w.days = 30 AND w.facet = 'item' AND w.value = o.item_id::text AND w.kind = o.kind AND w.action = 'click'
      ORDER BY clicks DESC, o.kind, o.item_id, o.reason LIMIT ${ATTENTION_PAGE_SIZE} OFFSET ${(page - 1) * ATTENTION_PAGE_SIZE}`),
    attentionCount(db),
  ]);
  const rows = rowsOf<{ kind: string; id: string; reason: AttentionReason; figure: number; detail: string | null; clicks: number }>(found);
  const names = await itemNames(db, rows);
  return {
    rows: rows.flatMap((row) => {
      const name = names.get(`${row.kind}:${row.id}`);
      return name ? [{ ...row, label: name.label, noun: name.noun, href: name.href }] : [];
    }),
    total,
  };
}

/** The field that ends an item of a kind that has an end ('Expire' sets it to now); others are unpublished. */
const endField = { deal: "expiresAt", coupon: "validUntil" } as const;
const tables = { deal: deals, coupon: coupons, gift: giftIdeas, store: stores } as const;

/** Hides the item for this reason: for a week, or until the reason arises again (new reports). */
async function mark(db: Executor, item: { kind: string; id: string; reason: string }, snoozedUntil: Date | null) {
  await db
    .insert(attentionMarks)
    .values({ kind: item.kind, itemId: item.id, reason: item.reason, snoozedUntil, createdAt: new Date() })
    .onConflictDoUpdate({ target: [attentionMarks.kind, attentionMarks.itemId, attentionMarks.reason], set: { snoozedUntil, createdAt: new Date() } });
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

/** One of a queue row's actions, audited (the coupon's 'verified' by markCouponVerified). */
export async function actOnAttention(
  db: Database,
  actor: Actor,
  item: { kind: string; id: string; reason: string; action: string; fallbackUrl?: string },
): Promise<Toast> {
  const table = tables[item.kind as keyof typeof tables];
  const action = table ? actionsFor({ kind: item.kind, reason: item.reason as AttentionReason }).find((candidate) => candidate.action === item.action)?.action : undefined;
  if (!table || !action) return errorToast("That action is not available for this item.");
  if (action === "verify") {
    const verified = await markCouponVerified({ db }, item.id, actor);
    sidebarAttentionCount.forget();
    return verified;
  }
  const fallbackUrl = item.fallbackUrl?.trim() ?? "";
  if (action === "fallback" && (!isHttpUrl(fallbackUrl) || fallbackUrl.length > MAX_URL_LENGTH)) return errorToast(`Fallback URL: ${HTTP_URL_MESSAGE}`);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select({ title: "title" in table ? table.title : table.name }).from(table).where(eq(table.id, item.id));
    if (!row) return false;
    if (action === "fallback") {
      await tx
        .insert(linkFallbacks)
        .values({ kind: item.kind, itemId: item.id, url: fallbackUrl })
        .onConflictDoUpdate({ target: [linkFallbacks.kind, linkFallbacks.itemId], set: { url: fallbackUrl, setAt: new Date() } });
      // Handled until the next failed check brings the row back.
      await mark(tx, item, null);
    } else if (action === "expire" || action === "unpublish") {
      const end = endField[item.kind as keyof typeof endField];
      const set: Record<string, unknown> = action === "expire" && end ? { [end]: new Date() } : { status: "draft" };
      await tx.update(table).set(set).where(eq(table.id, item.id));
    } else {
      await mark(tx, item, action === "snooze" ? new Date(Date.now() + SNOOZE_DAYS * 86_400_000) : null);
    }
    const detail = { title: row.title, reason: item.reason, did: action, ...(action === "fallback" ? { fallbackUrl } : {}) };
    await recordAudit(tx, { action: "attention", actor, entity: item.kind, entityId: item.id, detail });
    return true;
  });
  sidebarAttentionCount.forget();
  return changed ? successToast(done[action]) : errorToast("This item no longer exists.");
}
