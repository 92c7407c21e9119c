import { and, desc, eq, getTableColumns, like, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import { type Database, type Executor, queryRows } from "#app/db/client.server";
import { isStillReferenced, missingReferenceColumn, PG_UNIQUE_VIOLATION, pgError } from "#app/db/errors.server";
import { auditLog } from "#app/db/schema";
import { databaseName, startsWithPattern } from "#app/db/sql-text";
import type { Actor, Service } from "#app/lib/actor";
import { slugify } from "#app/lib/slugify";
import { SLUG_TAKEN } from "#app/lib/validation";
import { recordAudit } from "#app/modules/audit/audit.server";
import { noteBatchRows } from "#app/modules/content-types/change-batches.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import {
  entityOf,
  lifecycleOf,
  messagesOf,
  notFoundMessage,
  referenceColumn,
  titleColumnOf,
} from "#app/modules/content-types/words";
import {
  amazonFieldsOf,
  forgetRevisions,
  keepRevision,
  revisionFields,
  type Snapshot,
  snapshotOf,
} from "#app/modules/revisions/revision-log.server";

import { reviewEndedBy } from "./authorship.server";
import { contentTypes } from "./registry.server";

// Create, update and delete for every content type: the change and its audit row commit together.

export type SaveResult =
  | { ok: true; row: { id: string } & Record<string, unknown> }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]> }
  | { ok: false; reason: "not-found" }
  | ({ ok: false; reason: "conflict" } & Conflict);

/** Someone saved the row after the form being sent was read: when, who, and where their row differs from it. */
export interface Conflict {
  savedAt: Date;
  savedBy: string | null;
  differs: Array<{ field: string; theirs: string }>;
}

export type DeleteResult =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "in-use"; message: string };

/** A database refusal as messages at fields, or null when it is not one the form can explain. */
function fieldErrorsFor(type: AnyContentType, error: unknown): Record<string, string[]> | null {
  if (error instanceof FieldErrors) return error.fieldErrors;
  const info = pgError(error);
  if (!info) return null;
  // Two saves racing for one slug: the unique index decides, and the loser hears it at the field.
  if (info.code === PG_UNIQUE_VIOLATION && info.constraint?.endsWith("_slug_unique")) return { slug: [SLUG_TAKEN] };
  const column = missingReferenceColumn(info);
  const reference = column ? type.references?.find((candidate) => databaseName(candidate.field) === column) : undefined;
  return reference ? { [reference.field]: [notFoundMessage(reference)] } : null;
}

const withoutKeys = (values: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));

/** One row of any content type for its edit form (every status), or null. */
export async function getForEdit(
  type: AnyContentType,
  db: Executor,
  id: string,
): Promise<Record<string, unknown> | null> {
  const table = type.table as PgTable & AnyContentType["table"];
  const [row] = (await db.select().from(table).where(eq(type.table.id, id)).limit(1)) as Array<Record<string, unknown>>;
  if (!row) return null;
  return type.forEdit ? type.forEdit(row) : row;
}

export interface SaveOptions {
  /** More for the audit row (an import's batch). */
  detail?: Record<string, unknown>;
  /** Columns an update leaves as they are (fields an import does not carry). */
  keep?: readonly string[];
  /** The change batch of the operation this save is part of (an import's): webhooks tell of it once. */
  batchId?: string;
  /** More work that commits or fails with a create (approving the sourcing candidate it was made from). */
  alongside?: (tx: Database, row: { id: string }) => Promise<void>;
  /** The rows an update may change (a contributor's own drafts: authorship.server.ts); another is not found. */
  onlyIf?: SQL;
  /** The save submits the row for review (a contributor's "Submit for review"). */
  submit?: boolean;
  /**
   * When the form being saved read the row: an update finds it saved since then refused as a conflict,
   * rather than overwriting the other person's save.
   */
  unchangedSince?: Date;
  /** How the save came about, for its revision (a restore names the revision it brings back). */
  revisionDetail?: Record<string, unknown>;
}

/**
 * Who made a new row, and whether it waits for review: a save that publishes or archives it is the review
 * done; a submission marks it; other saves leave the mark.
 */
function authorshipValues(
  type: AnyContentType,
  values: Record<string, unknown>,
  actor: Actor | Service,
  creating: boolean,
  submit: boolean,
): Record<string, unknown> {
  // The columns of db/schema/authorship.ts, under their names there.
  if (!lifecycleOf(type)?.authorId) return values;
  const extra: Record<string, unknown> = {};
  if (creating && actor.id) extra.authorId = actor.id;
  if (submit) extra.submittedAt = new Date();
  return { ...values, ...(submit ? {} : reviewEndedBy(type, values.status)), ...extra };
}

/** The key a row read or written with its revision snapshot carries it under. */
const SNAPSHOT = "__revisionSnapshot";
type SavedRow = { id: string; [SNAPSHOT]?: unknown } & Record<string, unknown>;

/** Every column of the type's row, and its revision snapshot. */
const withSnapshot = (type: AnyContentType) => ({ ...getTableColumns(type.table), [SNAPSHOT]: snapshotOf(type) });

/** The row `where` finds, locked for the update, with its snapshot; undefined when there is none. */
async function lockedWithSnapshot(tx: Database, type: AnyContentType, where: SQL | undefined) {
  const [stored] = (await tx
    .select(withSnapshot(type))
    .from(type.table as PgTable & AnyContentType["table"])
    .where(where)
    .for("update")) as SavedRow[];
  return stored;
}

/**
 * Creates (no id) or updates a row from validated input, with its audit row, in one transaction (a
 * savepoint when `db` is a transaction already).
 */
export async function saveContent(
  type: AnyContentType,
  db: Database,
  actor: Actor | Service,
  id: string | undefined,
  input: unknown,
  options: SaveOptions = {},
): Promise<SaveResult> {
  try {
    const values = authorshipValues(
      type,
      withoutKeys(type.toRow(input), id === undefined ? [] : (options.keep ?? [])),
      actor,
      id === undefined,
      options.submit ?? false,
    );
    const title = String(values[titleColumnOf(type).name] ?? "");
    const row = await db.transaction(async (tx) => {
      let saved: SavedRow | undefined;
      let before: { snapshot: Snapshot; savedAt: Date } | null = null;
      if (id === undefined) {
        [saved] = (await tx.insert(type.table).values(values).returning(withSnapshot(type))) as SavedRow[];
      } else {
        const where = and(eq(type.table.id, id), options.onlyIf);
        const stored = await lockedWithSnapshot(tx, type, where);
        if (!stored) return undefined;
        if (options.unchangedSince) {
          const conflict = await conflictWith(tx, type, id, stored, values, options.unchangedSince);
          if (conflict) return conflict;
        }
        before = { snapshot: stored[SNAPSHOT] as Snapshot, savedAt: stored.updatedAt as Date };
        const adjusted = type.beforeUpdate ? await type.beforeUpdate(tx, id, values) : values;
        if (adjusted)
          [saved] = (await tx
            .update(type.table)
            .set(adjusted)
            .where(where)
            .returning(withSnapshot(type))) as SavedRow[];
      }
      if (saved) {
        const { [SNAPSHOT]: after, ...columns } = saved;
        const revision = await keepRevision(tx, type, {
          itemId: columns.id,
          before,
          after: after as Snapshot,
          actor,
          detail: { ...options.detail, ...options.revisionDetail, ...(id === undefined ? { created: true } : {}) },
        });
        const action = id === undefined ? "create" : "update";
        await recordAudit(tx, {
          action,
          actor,
          entity: entityOf(type),
          entityId: String(columns.id),
          detail: { title, ...options.detail, ...options.revisionDetail, ...(revision ? { revision } : {}) },
        });
        if (options.batchId) await noteBatchRows(tx, options.batchId, type, [String(columns.id)]);
        if (options.alongside) await options.alongside(tx, columns);
        return columns;
      }
      return undefined;
    });
    if (row && "differs" in row) return { ok: false, reason: "conflict", ...(row as Conflict) };
    return row ? { ok: true, row } : { ok: false, reason: "not-found" };
  } catch (error) {
    const fieldErrors = fieldErrorsFor(type, error);
    if (fieldErrors) return { ok: false, reason: "invalid", fieldErrors };
    throw error;
  }
}

/** Columns a save sets on its own, never a person's difference. */
const BOOKKEEPING_COLUMNS = new Set(["updatedAt", "createdAt", "authorId", "submittedAt"]);

/** A stored value as the conflict notice shows it. */
function shownValue(value: unknown): string {
  if (value == null || value === "") return "(empty)";
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * A Conflict when the locked row was saved after `since` (compared in milliseconds, as the form carried it),
 * naming the last person the audit log has for it.
 */
async function conflictWith(
  tx: Database,
  type: AnyContentType,
  id: string,
  stored: Record<string, unknown>,
  values: Record<string, unknown>,
  since: Date,
): Promise<Conflict | null> {
  const savedAt = stored.updatedAt;
  if (!(savedAt instanceof Date) || savedAt.getTime() <= since.getTime()) return null;
  const [last] = await tx
    .select({ email: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entityOf(type)), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const title = titleColumnOf(type).name;
  // A slug made from the title on both sides follows it: the title's difference already says it.
  const slugFollowsTitle = [stored, values].every((row) => row.slug === slugify(String(row[title] ?? "")));
  const differs = Object.keys(values)
    .filter((field) => !BOOKKEEPING_COLUMNS.has(field) && field in stored && !sameValue(stored[field], values[field]))
    .filter((field) => field !== "slug" || !slugFollowsTitle)
    .map((field) => ({ field, theirs: shownValue(stored[field]) }));
  return { savedAt, savedBy: last?.email ?? null, differs };
}

/** A stored value and a new one are the same (numeric columns come back as text or numbers). */
function sameValue(stored: unknown, next: unknown): boolean {
  if (stored == null || next == null) return (stored ?? null) === (next ?? null);
  return typeof next === "number" ? Number(stored) === next : String(stored) === String(next);
}

/**
 * Writes values read from elsewhere (Amazon's price, a feed's end date) to one row, with its audit row when
 * they change it. `stamps` (when they were read) are written either way: a read that finds what the row
 * already says is not a save, so the row keeps its `updated_at`, gets no audit row, and what announces
 * changes (webhooks, deal alerts) hears nothing. A change keeps a revision unless all it changed is
 * Amazon's to lend, which a revision could hold for a day only. Returns the fields that changed, or null
 * when the row is gone.
 */
export async function patchContent(
  type: AnyContentType,
  db: Database,
  by: Actor | Service,
  id: string,
  { changes, stamps = {} }: { changes: Record<string, unknown>; stamps?: Record<string, unknown> },
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const stored = await lockedWithSnapshot(tx, type, eq(type.table.id, id));
    if (!stored) return null;
    const changed = Object.keys(changes).filter((key) => !sameValue(stored[key], changes[key]));
    const kept = changed.length === 0 ? { updatedAt: sql`${type.table.updatedAt}` } : {};
    const [saved] = (await tx
      .update(type.table)
      .set({ ...changes, ...stamps, ...kept })
      .where(eq(type.table.id, id))
      .returning({ [SNAPSHOT]: snapshotOf(type) })) as SavedRow[];
    if (changed.length === 0) return changed;
    const lent = stored.amazonAsin ? amazonFieldsOf(type) : [];
    const revised = changed.some((field) => revisionFields(type).includes(field) && !lent.includes(field));
    const revision = revised
      ? await keepRevision(tx, type, {
          itemId: id,
          before: { snapshot: stored[SNAPSHOT] as Snapshot, savedAt: stored.updatedAt as Date },
          after: saved![SNAPSHOT] as Snapshot,
          actor: by,
        })
      : null;
    await recordAudit(tx, {
      action: "update",
      actor: by,
      entity: entityOf(type),
      entityId: id,
      detail: { title: String(stored[titleColumnOf(type).name] ?? ""), changed, ...(revision ? { revision } : {}) },
    });
    return changed;
  });
}

/** "3 deals, 1 coupon and 2 gift ideas" from counts, skipping zeros; null when all are zero. */
export function describeCounts(counts: Array<[number, { one: string; many: string }]>): string | null {
  const parts = counts.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${n === 1 ? noun.one : noun.many}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * What still uses a row, in the type's words ("This store is used by 2 deals…"), or null. Derived from
 * every type's references to this one; its own (subcategories) are named first.
 */
export async function dependentsOf(type: AnyContentType, db: Executor, id: string): Promise<string | null> {
  const referencing = [...contentTypes].sort((a, b) => Number(b === type) - Number(a === type));
  const uses = referencing.flatMap((other) =>
    (other.references ?? [])
      .filter((reference) => reference.to === type.key)
      .map((reference) => ({ other, reference })),
  );
  if (uses.length === 0) return null;
  // Every count in one statement: a bulk delete asks inside its transaction, whose one connection takes a
  // statement at a time.
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT ${sql.join(
      uses.map(
        ({ other, reference }, i) =>
          sql`(SELECT count(*)::int FROM ${other.table} WHERE ${eq(referenceColumn(other, reference), id)}) AS ${sql.identifier(`n${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const described = describeCounts(
    uses.map(({ other, reference }, i) => [Number(row?.[`n${i}`] ?? 0), reference.dependentNoun ?? other.noun]),
  );
  return described ? messagesOf(type).inUse(described) : null;
}

/**
 * Deletes one row and writes its audit row, unless something still uses it: then nothing is deleted and
 * the message says what depends on it. The database's RESTRICT keys back this up against races.
 */
export async function deleteContent(
  type: AnyContentType,
  db: Database,
  actor: Actor,
  id: string,
  onlyIf?: SQL,
): Promise<DeleteResult> {
  const inUse = await dependentsOf(type, db, id);
  if (inUse) return { ok: false, reason: "in-use", message: inUse };
  try {
    const removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(type.table)
        .where(and(eq(type.table.id, id), onlyIf))
        .returning({ id: type.table.id, title: titleColumnOf(type) });
      if (row) {
        await tx.execute(forgetRevisions(type, sql`${row.id}::uuid`));
        await recordAudit(tx, {
          action: "delete",
          actor,
          entity: entityOf(type),
          entityId: String(row.id),
          detail: { title: row.title },
        });
      }
      return row;
    });
    return removed ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (!isStillReferenced(error)) throw error;
    return {
      ok: false,
      reason: "in-use",
      message: (await dependentsOf(type, db, id)) ?? "Other content still uses it.",
    };
  }
}

/** A free slug for a copy: `<slug>-copy`, then `<slug>-copy-2`, `-3`… */
async function copySlug(type: AnyContentType, db: Executor, slug: string): Promise<string> {
  const slugColumn = (type.table as unknown as Record<string, AnyPgColumn>).slug!;
  const base = `${slug.slice(0, 180)}-copy`;
  const taken = await db
    .select({ slug: slugColumn })
    .from(type.table)
    .where(or(eq(slugColumn, base), like(slugColumn, startsWithPattern(`${base}-`))));
  const used = new Set(taken.map((row) => String(row.slug)));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Copies a row as a new draft (unfeatured, " (copy)" after its name, a free slug), with its audit row.
 * Generated columns, the id and the timestamps are the new row's own.
 */
export async function duplicateContent(
  type: AnyContentType,
  db: Database,
  actor: Actor,
  id: string,
  onlyIf?: SQL,
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const [source] = (await tx
      .select()
      .from(type.table)
      .where(and(eq(type.table.id, id), onlyIf))
      .limit(1)) as Array<Record<string, unknown>>;
    if (!source) return { ok: false, reason: "not-found" } as const;
    const copy: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(getTableColumns(type.table))) {
      if (column.generated || ["id", "createdAt", "updatedAt"].includes(key)) continue;
      copy[key] = source[key];
    }
    const titleKey = titleColumnOf(type).name;
    copy[titleKey] = `${String(source[titleKey])} (copy)`;
    if (typeof source.slug === "string") copy.slug = await copySlug(type, tx, source.slug);
    if ("status" in copy) copy.status = "draft";
    if ("featured" in copy) copy.featured = false;
    if ("authorId" in copy) Object.assign(copy, { authorId: actor.id, submittedAt: null });
    const [saved] = (await tx.insert(type.table).values(copy).returning()) as Array<
      { id: string } & Record<string, unknown>
    >;
    await recordAudit(tx, {
      action: "create",
      actor,
      entity: entityOf(type),
      entityId: saved!.id,
      detail: { title: copy[titleKey], copyOf: id },
    });
    return { ok: true, row: saved! } as const;
  });
}
