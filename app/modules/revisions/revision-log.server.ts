import { getTableColumns, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { deleteInBatches, inBatches } from "#app/db/delete-in-batches.server";
import { contentRevisions } from "#app/db/schema";
import type { Actor, Service } from "#app/lib/actor";
import type { AnyContentType } from "#app/modules/content-types/content-type";

// Revisions are written where content is: every create and update of any type, and the bulk actions'
// statements, keep the item's form fields after the change, read in SQL by `snapshotOf` so every writer
// stores them alike. An item keeps its newest REVISIONS_KEPT; the daily upkeep thins older ones.

/** The revisions an item keeps; older ones are deleted as new ones are written. */
export const REVISIONS_KEPT = 50;

/** One field a save changed, as stored (JSON), with its value before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type Snapshot = Record<string, unknown>;

/** The fields a revision keeps: the form's, less what its exports keep out (secrets). */
export function revisionFields(type: AnyContentType): string[] {
  return Object.keys(type.csv.fields.shape).filter((field) => !type.csv.omit?.includes(field));
}

/** The fields Amazon lends an item with an ASIN: a revision keeps them only 24 hours. */
export const amazonFieldsOf = (type: AnyContentType): readonly string[] => type.amazonFields ?? [];

/** An item's revision fields as one JSON object, read from the row in SQL. */
export function snapshotOf(type: AnyContentType): SQL<Snapshot> {
  const columns = getTableColumns(type.table);
  const pairs = revisionFields(type).map((field) => sql`${field}::text, ${columns[field]}`);
  return sql<Snapshot>`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** When a revision of this snapshot must lose Amazon's fields, in SQL: 24 hours on, for an item with an ASIN. */
function amazonUntil(type: AnyContentType, snapshot: SQL): SQL {
  return amazonFieldsOf(type).length > 0
    ? sql`CASE WHEN (${snapshot}) ->> 'amazonAsin' IS NOT NULL THEN now() + interval '24 hours' END`
    : sql`NULL::timestamptz`;
}

const emptyValue = (value: unknown) => value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** The fields whose stored value differs between two snapshots; from nothing, every field with a value. */
export function changesBetween(type: AnyContentType, before: Snapshot | null, after: Snapshot): FieldChange[] {
  return revisionFields(type).flatMap((field) => {
    const next = after[field] ?? null;
    if (before === null) return emptyValue(next) ? [] : [{ field, before: null, after: next }];
    const previous = before[field] ?? null;
    return JSON.stringify(previous) === JSON.stringify(next) ? [] : [{ field, before: previous, after: next }];
  });
}

/** Deletes an item's revisions past the newest `keep` (a new one is about to join them), in SQL. */
const pruneBeyond = (kind: string, itemId: SQL, keep: number) => sql`
  DELETE FROM ${contentRevisions} WHERE id IN (
    SELECT id FROM ${contentRevisions} WHERE kind = ${kind} AND item_id = ${itemId}
    ORDER BY created_at DESC, id DESC OFFSET ${keep})`;

export interface RevisionOf {
  itemId: string;
  /** The item before the save (null for a new one), and when that version was saved. */
  before: { snapshot: Snapshot; savedAt: Date } | null;
  after: Snapshot;
  actor: Actor | Service;
  detail?: Record<string, unknown>;
}

/**
 * Keeps a revision of a save, in its transaction, and returns its id; null when the save changed none of
 * the revision's fields. An item saved for the first time since revisions were kept gets its earlier
 * version too (as of its last save), so that version can be restored.
 */
export async function keepRevision(tx: Executor, type: AnyContentType, revision: RevisionOf): Promise<string | null> {
  const changes = changesBetween(type, revision.before?.snapshot ?? null, revision.after);
  if (changes.length === 0) return null;
  const { itemId, before, after, actor } = revision;
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const earlier = before
    ? sql`SELECT ${type.key}, ${itemId}::uuid, ${before.savedAt.toISOString()}::timestamptz, NULL::uuid, NULL,
          '{"earlier": true}'::jsonb, ${json(before.snapshot)}, '[]'::jsonb, ${amazonUntil(type, json(before.snapshot))}
        WHERE NOT EXISTS (SELECT 1 FROM ${contentRevisions} WHERE kind = ${type.key} AND item_id = ${itemId})
        UNION ALL `
    : sql``;
  const result = (await tx.execute(sql`
    WITH pruned AS (${pruneBeyond(type.key, sql`${itemId}::uuid`, REVISIONS_KEPT - 1)})
    INSERT INTO ${contentRevisions} (kind, item_id, created_at, actor_id, actor_email, detail, snapshot, changes, amazon_until)
    ${earlier}SELECT ${type.key}, ${itemId}::uuid, clock_timestamp(), ${actor.id}::uuid, ${actor.email},
      ${json(revision.detail ?? {})}, ${json(after)}, ${json(changes)}, ${amazonUntil(type, json(after))}
    RETURNING id, changes <> '[]'::jsonb AS saved`)) as unknown as { rows: Array<{ id: string; saved: boolean }> };
  return result.rows.find((row) => row.saved)?.id ?? null;
}

/**
 * A bulk update's revisions, as CTEs of its statement: `changed` holds each row's id, its snapshot before
 * (`before`) and after (`after`), and when it was saved before (`saved_before`). Each item keeps its earlier
 * version when it had no revision, then this one, and loses what is past the newest REVISIONS_KEPT.
 */
export function bulkRevisionsSql(type: AnyContentType, actor: Actor, detail: Record<string, unknown>): SQL {
  const changes = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('field', f.key, 'before', changed.before -> f.key,
      'after', f.value)), '[]'::jsonb)
    FROM jsonb_each(changed.after) AS f WHERE changed.before -> f.key IS DISTINCT FROM f.value)`;
  return sql`revised AS (
      INSERT INTO ${contentRevisions} (kind, item_id, created_at, actor_id, actor_email, detail, snapshot, changes, amazon_until)
      SELECT ${type.key}, changed.id, changed.saved_before, NULL::uuid, NULL, '{"earlier": true}'::jsonb,
        changed.before, '[]'::jsonb, ${amazonUntil(type, sql`changed.before`)}
      FROM changed
      WHERE NOT EXISTS (SELECT 1 FROM ${contentRevisions} r WHERE r.kind = ${type.key} AND r.item_id = changed.id)
      UNION ALL
      SELECT ${type.key}, changed.id, clock_timestamp(), ${actor.id}::uuid, ${actor.email},
        ${JSON.stringify(detail)}::jsonb, changed.after, ${changes}, ${amazonUntil(type, sql`changed.after`)}
      FROM changed),
    revisions_pruned AS (
      DELETE FROM ${contentRevisions} WHERE id IN (
        SELECT past.id FROM changed, LATERAL (
          SELECT id FROM ${contentRevisions} r WHERE r.kind = ${type.key} AND r.item_id = changed.id
          ORDER BY r.created_at DESC, r.id DESC OFFSET ${REVISIONS_KEPT - 1}) AS past))`;
}

/** Deletes the revisions of deleted items (`itemIds`: a list or a subquery of their ids), in SQL. */
export const forgetRevisions = (type: AnyContentType, itemIds: SQL): SQL =>
  sql`DELETE FROM ${contentRevisions} WHERE kind = ${type.key} AND item_id IN (${itemIds})`;

/**
 * Takes Amazon's fields out of the revisions kept over 24 hours (ADR 0039's rule for prices, applied to
 * every field Amazon lends), from the snapshot and from the changes, and notes that some went; returns how
 * many revisions lost them.
 */
export async function dropAmazonFields(db: Executor, types: readonly AnyContentType[]): Promise<number> {
  let dropped = 0;
  for (const type of types) {
    const fields = amazonFieldsOf(type);
    if (fields.length === 0) continue;
    const names = sql`ARRAY[${sql.join(
      fields.map((field) => sql`${field}`),
      sql`, `,
    )}]::text[]`;
    dropped += await inBatches(
      db,
      (limit) => sql`
        UPDATE ${contentRevisions} SET
          snapshot = snapshot - ${names},
          changes = (SELECT coalesce(jsonb_agg(change), '[]'::jsonb) FROM jsonb_array_elements(changes) AS change
            WHERE NOT (change ->> 'field' = ANY(${names}))),
          detail = detail || '{"amazonDropped": true}'::jsonb,
          amazon_until = NULL
        WHERE id IN (SELECT id FROM ${contentRevisions}
          WHERE amazon_until <= now() AND kind = ${type.key} LIMIT ${limit})`,
      1000,
    );
  }
  return dropped;
}

/** Revisions this many days old are thinned to the last of each day (UTC). */
export const THIN_AFTER_DAYS = 30;

/**
 * Thins the revisions that turned THIN_AFTER_DAYS days old in the last three days (room for a job missed
 * while the server was down) to the last of each item's day; returns how many went. Older days were
 * thinned by earlier runs, and an item keeps REVISIONS_KEPT at most whatever their age.
 */
export async function thinOldRevisions(db: Executor, now = new Date()): Promise<number> {
  const to = new Date(now.getTime() - THIN_AFTER_DAYS * 86_400_000);
  const from = new Date(to.getTime() - 3 * 86_400_000);
  return deleteInBatches(
    db,
    "content_revisions",
    sql`created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
      AND EXISTS (SELECT 1 FROM ${contentRevisions} later
        WHERE later.kind = content_revisions.kind AND later.item_id = content_revisions.item_id
          AND later.created_at > content_revisions.created_at
          AND later.created_at < date_trunc('day', content_revisions.created_at, 'UTC') + interval '1 day')`,
  );
}
