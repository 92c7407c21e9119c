import { and, asc, count, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Database, Executor } from "#app/db/client.server";
import { auditLog, changeBatchItems } from "#app/db/schema";
import { databaseName } from "#app/db/sql-text";
import type { Actor } from "#app/lib/actor";
import { formatCount } from "#app/lib/counts";
import { openChangeBatch } from "#app/modules/content-types/change-batches.server";
import type { AnyContentType, Reference } from "#app/modules/content-types/content-type";
import { entityOf, lifecycleOf, titleColumnOf } from "#app/modules/content-types/words";
import { bulkRevisionsSql, forgetRevisions, snapshotOf } from "#app/modules/revisions/revision-log.server";

import { reviewEndedBy } from "./authorship.server";
import { dependentsOf } from "./mutations.server";
import { contentTypes } from "./registry.server";

// Bulk work on an admin list's selection (some rows, or every row a filter matches): set-based, one
// transaction, one audit row per changed row. A delete leaves out the rows something still uses, and says
// which and why, while the rest go.

export const bulkActions = ["publish", "draft", "archive", "feature", "unfeature", "delete"] as const;
export type BulkAction = (typeof bulkActions)[number];

export const bulkLabels: Record<BulkAction, string> = {
  publish: "Publish",
  draft: "Unpublish to draft",
  archive: "Archive",
  feature: "Feature",
  unfeature: "Unfeature",
  delete: "Delete",
};

const pastTense: Record<BulkAction, string> = {
  publish: "published",
  draft: "moved to draft",
  archive: "archived",
  feature: "featured",
  unfeature: "unfeatured",
  delete: "deleted",
};

const statusSet = { publish: "published", draft: "draft", archive: "archived" } as const;

const featuredColumn = (type: AnyContentType) =>
  (type.table as unknown as Record<string, AnyPgColumn | undefined>).featured;

/** The actions a type's rows allow: status changes with a status, featuring with a featured flag, and delete. */
export function bulkActionsOf(type: AnyContentType): BulkAction[] {
  return [
    ...(lifecycleOf(type) ? (["publish", "draft", "archive"] as const) : []),
    ...(featuredColumn(type) ? (["feature", "unfeature"] as const) : []),
    "delete",
  ];
}

export interface BulkResult {
  action: BulkAction;
  changed: number;
  /** The first few rows left alone, each with the reason. */
  refused: Array<{ name: string; reason: string }>;
  refusedCount: number;
}

/** The column and value an action sets. */
function changeOf(
  type: AnyContentType,
  action: Exclude<BulkAction, "delete">,
): { column: AnyPgColumn; key: string; value: unknown } {
  if (action === "feature" || action === "unfeature")
    return { column: featuredColumn(type)!, key: "featured", value: action === "feature" };
  return { column: lifecycleOf(type)!.status, key: "status", value: statusSet[action] };
}

/**
 * Runs `change` (an UPDATE or DELETE … RETURNING the id, the row's name as `title` and its `updated_at`)
 * and writes an audit row for every row it touched, in one statement, with `alongside` (more CTEs reading
 * `changed`: the rows' revisions); an update also notes each row in the action's change batch (webhooks
 * tell of it once). Returns how many rows it touched.
 */
async function changeWithAudit(
  tx: Executor,
  type: AnyContentType,
  change: SQL,
  action: "update" | "delete",
  actor: Actor,
  detail: Record<string, unknown>,
  alongside: SQL,
  batchId?: string,
): Promise<number> {
  const batched = batchId
    ? sql`, batched AS (
      INSERT INTO ${changeBatchItems} (batch_id, kind, item_id, saved_at)
      SELECT ${batchId}::uuid, ${type.key}, changed.id, changed.updated_at FROM changed)`
    : sql``;
  const result = (await tx.execute(sql`
    WITH changed AS (${change}),
    audited AS (
      INSERT INTO ${auditLog} (action, actor_id, actor_email, entity, entity_id, detail)
      SELECT ${action}, ${actor.id}::uuid, ${actor.email}, ${entityOf(type)}, changed.id::text,
        jsonb_build_object('title', changed.title) || ${JSON.stringify(detail)}::jsonb
      FROM changed
      RETURNING 1), ${alongside}${batched}
    SELECT count(*)::int AS n FROM audited`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}

/** "Still used by something": one EXISTS per reference any type has to this one. */
function stillUsed(type: AnyContentType): SQL | undefined {
  const uses = contentTypes.flatMap((other) =>
    (other.references ?? [])
      .filter((reference) => reference.to === type.key)
      .map((reference) => usedThrough(type, other, reference)),
  );
  return or(...uses);
}

function usedThrough(type: AnyContentType, other: AnyContentType, reference: Reference): SQL {
  // An alias, so a type that refers to itself (subcategories) compares a child with the row being deleted.
  const column = sql.identifier(databaseName(reference.field));
  return sql`exists (select 1 from ${other.table} as dependent where dependent.${column} = ${type.table.id})`;
}

const returningNamed = (type: AnyContentType) => ({
  id: type.table.id,
  title: sql<string>`${titleColumnOf(type)}`.as("title"),
  updatedAt: type.table.updatedAt,
});

async function deleteUnused(
  tx: Executor,
  type: AnyContentType,
  actor: Actor,
  selection: SQL | undefined,
): Promise<BulkResult> {
  const used = stillUsed(type);
  const refusedWhere = used ? and(selection, used) : undefined;
  const refused: BulkResult["refused"] = [];
  let refusedCount = 0;
  if (refusedWhere) {
    const [counted] = await tx.select({ n: count() }).from(type.table).where(refusedWhere);
    refusedCount = counted?.n ?? 0;
    const first = await tx
      .select({ id: type.table.id, name: titleColumnOf(type) })
      .from(type.table)
      .where(refusedWhere)
      .orderBy(asc(titleColumnOf(type)))
      .limit(5);
    // One after another: the transaction's one connection takes a statement at a time.
    for (const row of first)
      refused.push({ name: String(row.name), reason: (await dependentsOf(type, tx, String(row.id))) ?? "" });
  }
  const removable = used ? and(selection, not(used)) : selection;
  const change = tx.delete(type.table).where(removable).returning(returningNamed(type)).getSQL();
  const unrevised = sql`unrevised AS (${forgetRevisions(type, sql`SELECT id FROM changed`)})`;
  const changed = await changeWithAudit(tx, type, change, "delete", actor, { bulk: true }, unrevised);
  return { action: "delete", changed, refused, refusedCount };
}

/** Applies one bulk action to the rows `selection` matches (a condition on the type's table; none: every row). */
export async function runBulkAction(
  type: AnyContentType,
  db: Database,
  actor: Actor,
  action: BulkAction,
  selection: SQL | undefined,
): Promise<BulkResult> {
  if (!bulkActionsOf(type).includes(action)) throw new Error(`${action} does not apply to ${type.noun.many}`);
  return db.transaction(async (tx) => {
    if (action === "delete") return deleteUnused(tx, type, actor, selection);
    const { column, key, value } = changeOf(type, action);
    // Each row as it was, for its revision: the UPDATE's RETURNING gives the row only as it is after.
    const before = sql`(SELECT ${type.table.id} AS id, ${snapshotOf(type)} AS before, ${type.table.updatedAt} AS saved_before
      FROM ${type.table} WHERE ${and(selection, ne(column, value))} FOR UPDATE) AS earlier`;
    const change = tx
      .update(type.table)
      .set({ [key]: value, ...(key === "status" ? reviewEndedBy(type, value) : {}) })
      .from(before)
      .where(sql`${type.table.id} = earlier.id`)
      .returning({
        ...returningNamed(type),
        before: sql`earlier.before`.as("before"),
        savedBefore: sql`earlier.saved_before`.as("saved_before"),
        after: sql`${snapshotOf(type)}`.as("after"),
      })
      .getSQL();
    const changed = await changeWithAudit(
      tx,
      type,
      change,
      "update",
      actor,
      { bulk: action },
      bulkRevisionsSql(type, actor, { bulk: action }),
      await openChangeBatch(tx, "bulk", { finished: true }),
    );
    return { action, changed, refused: [], refusedCount: 0 };
  });
}

/** The outcome in words: "3 deals published", then what was left alone and why. */
export function describeBulkResult(type: AnyContentType, result: BulkResult): { ok: boolean; text: string } {
  const noun = (n: number) => `${formatCount(n)} ${n === 1 ? type.noun.one : type.noun.many}`;
  const done =
    result.changed === 0 && result.refusedCount === 0
      ? `No ${type.noun.many} needed changing`
      : `${noun(result.changed)} ${pastTense[result.action]}`;
  if (result.refusedCount === 0) return { ok: true, text: done };
  const reasons = result.refused.map((row) => `"${row.name}": ${row.reason}`).join(" ");
  const more =
    result.refusedCount > result.refused.length ? ` And ${result.refusedCount - result.refused.length} more.` : "";
  return { ok: false, text: `${done}. ${noun(result.refusedCount)} not deleted. ${reasons}${more}` };
}
