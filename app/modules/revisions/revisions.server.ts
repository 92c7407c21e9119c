import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, getTableColumns, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import type { Database, Executor } from "#app/db/client.server";
import { contentRevisions } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { formatDate, formatDateTime } from "#app/lib/dates";
import { type BulkAction, bulkLabels } from "#app/modules/catalogue/bulk.server";
import { cellOf, columnLabel } from "#app/modules/catalogue/csv.server";
import { saveContent } from "#app/modules/catalogue/mutations.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { isScheduleField } from "#app/modules/content-types/schedule";
import { titleColumnOf } from "#app/modules/content-types/words";

import {
  changesBetween,
  type FieldChange,
  keepRevision,
  revisionFields,
  type Snapshot,
  snapshotOf,
} from "./revision-log.server";

// An item's revisions as the admin reads them (newest first, each save's changes field by field, in the
// form's words), and restoring one: its fields go through the type's own form schema and save, so a
// restore is checked, audited, announced and kept as a revision like any save.

export const REVISIONS_PAGE_SIZE = 20;

/** Where a page of revisions starts: after the revision with this time (to the microsecond) and id. */
export interface RevisionCursor {
  at: string;
  id: string;
}

/** One field of a revision as the admin reads it. */
export interface ShownChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface ShownRevision {
  id: string;
  createdAt: Date;
  actorEmail: string | null;
  /** What made it: a save, a restore (of the version saved at `restoredAt`), a bulk action, an import… */
  kind: "created" | "earlier" | "kept" | "restore" | "bulk" | "import" | "save";
  restoredAt: string | null;
  bulk: string | null;
  /** Amazon's fields left this version after their 24 hours. */
  amazonDropped: boolean;
  changes: ShownChange[];
}

const newestFirst = [desc(contentRevisions.createdAt), desc(contentRevisions.id)];
const ofItem = (type: AnyContentType, itemId: string) =>
  and(eq(contentRevisions.kind, type.key), eq(contentRevisions.itemId, itemId));

/** One page of an item's revisions, newest first, and where the next starts (null on the last). */
export async function revisionsPage(
  db: Executor,
  type: AnyContentType,
  itemId: string,
  before: RevisionCursor | null,
): Promise<{ rows: ShownRevision[]; next: RevisionCursor | null }> {
  const found = await db
    .select({
      id: contentRevisions.id,
      createdAt: contentRevisions.createdAt,
      at: sql<string>`to_char(${contentRevisions.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorEmail: contentRevisions.actorEmail,
      detail: contentRevisions.detail,
      changes: contentRevisions.changes,
    })
    .from(contentRevisions)
    .where(
      and(
        ofItem(type, itemId),
        // The stored time to the microsecond, as the page before read it: a Date would round it.
        before
          ? or(
              sql`${contentRevisions.createdAt} < ${before.at}::timestamptz`,
              and(sql`${contentRevisions.createdAt} = ${before.at}::timestamptz`, lt(contentRevisions.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(REVISIONS_PAGE_SIZE + 1);
  const page = found.slice(0, REVISIONS_PAGE_SIZE);
  const names = await referencedNames(
    db,
    type,
    page.flatMap((row) => row.changes),
  );
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      actorEmail: row.actorEmail,
      kind: kindOf(row.detail),
      restoredAt: typeof row.detail.restoredAt === "string" ? row.detail.restoredAt : null,
      bulk: typeof row.detail.bulk === "string" ? (bulkLabels[row.detail.bulk as BulkAction] ?? null) : null,
      amazonDropped: row.detail.amazonDropped === true,
      changes: shownChanges(type, row.changes, names),
    })),
    next: found.length > REVISIONS_PAGE_SIZE && last ? { at: last.at, id: last.id } : null,
  };
}

function kindOf(detail: Record<string, unknown>): ShownRevision["kind"] {
  if (detail.created) return "created";
  if (detail.earlier) return "earlier";
  if (detail.keptBeforeRestore) return "kept";
  if (detail.restoredFrom) return "restore";
  if (detail.bulk) return "bulk";
  if (detail.import) return "import";
  return "save";
}

/** The names of the rows the changes refer to (a store, a category), by id; a deleted row is left out. */
async function referencedNames(db: Executor, type: AnyContentType, changes: FieldChange[]) {
  const names = new Map<string, string>();
  await Promise.all(
    (type.references ?? []).map(async (reference) => {
      const ids = [
        ...new Set(
          changes
            .filter((change) => change.field === reference.field)
            .flatMap((change) => [change.before, change.after])
            .filter((id): id is string => typeof id === "string"),
        ),
      ];
      if (ids.length === 0) return;
      const target = contentType(reference.to);
      const rows = await db
        .select({ id: target.table.id, name: titleColumnOf(target) })
        .from(target.table as PgTable & AnyContentType["table"])
        .where(inArray(target.table.id, ids));
      for (const row of rows) names.set(String(row.id), String(row.name));
    }),
  );
  return names;
}

/** What an HTML field reads as, for a change's line: its text, without the markup. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A stored value in words: names for references, dates in the site's zone, Yes and No, lists with commas. */
function shownValue(type: AnyContentType, field: string, value: unknown, names: Map<string, string>): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0))
    return "(empty)";
  if (type.references?.some((reference) => reference.field === field)) return names.get(String(value)) ?? "(deleted)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  if (isDateField(type, field))
    return isScheduleField(field) ? formatDateTime(String(value)) : formatDate(String(value));
  const text =
    typeof value === "object" ? JSON.stringify(value) : field === type.tokensIn ? textOf(String(value)) : String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

const isDateField = (type: AnyContentType, field: string) => getTableColumns(type.table)[field]?.dataType === "date";

/** A revision's changes in the form's order and words. */
function shownChanges(type: AnyContentType, changes: FieldChange[], names: Map<string, string>): ShownChange[] {
  const order = revisionFields(type);
  return [...changes]
    .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field))
    .map((change) => ({
      field: change.field,
      label: columnLabel(change.field.replace(/Id$/, "")),
      before: shownValue(type, change.field, change.before, names),
      after: shownValue(type, change.field, change.after, names),
    }));
}

/** A snapshot as the type's form sends it: what its schema reads back into the same row. */
function formDataOf(type: AnyContentType, snapshot: Snapshot): FormData {
  const form = new FormData();
  for (const field of revisionFields(type)) {
    const value = snapshot[field];
    if (value === null || value === undefined) continue;
    if (typeof value === "boolean") {
      if (value) form.set(field, "on");
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => form.set(`${field}[${index}]`, String(item)));
    } else if (isDateField(type, field)) {
      form.set(field, cellOf(new Date(String(value)), field));
    } else {
      form.set(field, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}

export type RestoreResult =
  | { ok: true; changed: boolean; restoredAt: Date }
  | { ok: false; reason: "not-found" | "gone" }
  | { ok: false; reason: "invalid"; message: string };

/**
 * Brings an item's fields back to a revision. The version it replaces is kept first when no revision holds
 * it; fields the revision no longer has (Amazon's, after 24 hours) and secrets keep their current values.
 * The fields are checked by the type's form schema and saved by `saveContent`, so what no longer holds (a
 * deleted store, a slug taken since) is refused with the form's message and nothing changes.
 */
export async function restoreRevision(
  type: AnyContentType,
  db: Database,
  actor: Actor,
  itemId: string,
  revisionId: string,
  options: { onlyIf?: SQL; mayPublish: (status: unknown) => boolean },
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select({ snapshot: contentRevisions.snapshot, createdAt: contentRevisions.createdAt })
      .from(contentRevisions)
      .where(and(ofItem(type, itemId), eq(contentRevisions.id, revisionId)))
      .limit(1);
    if (!revision) return { ok: false, reason: "gone" } as const;
    const [current] = (await tx
      .select({ snapshot: snapshotOf(type), updatedAt: type.table.updatedAt })
      .from(type.table as PgTable & AnyContentType["table"])
      .where(and(eq(type.table.id, itemId), options.onlyIf))
      .for("update")) as Array<{ snapshot: Snapshot; updatedAt: Date }>;
    if (!current) return { ok: false, reason: "not-found" } as const;
    const restored = { ...current.snapshot, ...revision.snapshot };
    const submission = parseWithZod(formDataOf(type, restored), { schema: type.schema });
    if (submission.status !== "success") return refusal(type, submission.reply().error ?? {});
    if (!options.mayPublish((submission.value as { status?: unknown }).status))
      return refusal(type, { status: ["Only an editor or owner can restore a published version."] });
    if (changesBetween(type, current.snapshot, restored).length === 0)
      return { ok: true, changed: false, restoredAt: revision.createdAt } as const;
    await keepCurrentVersion(tx, type, actor, itemId, current);
    const saved = await saveContent(type, tx, actor, itemId, submission.value, {
      keep: type.csv.omit,
      onlyIf: options.onlyIf,
      revisionDetail: { restoredFrom: revisionId, restoredAt: revision.createdAt.toISOString() },
    });
    if (saved.ok) return { ok: true, changed: true, restoredAt: revision.createdAt } as const;
    if (saved.reason === "invalid") return refusal(type, saved.fieldErrors);
    return { ok: false, reason: "not-found" } as const;
  });
}

/** A refusal in the form's words: "Store: Store not found". */
function refusal(type: AnyContentType, errors: Record<string, string[] | null | undefined>): RestoreResult {
  const message = Object.entries(errors)
    .map(([field, messages]) => `${columnLabel(field.replace(/Id$/, ""))}: ${(messages ?? []).join(", ")}`)
    .join("; ");
  return { ok: false, reason: "invalid", message: message || `This version no longer makes a valid ${type.noun.one}.` };
}

/**
 * Keeps the item as it is now when its newest revision says otherwise (a change no revision records, such
 * as Amazon's refresh of a price), so the restore can itself be undone. Fields the newest revision no
 * longer holds are not compared.
 */
async function keepCurrentVersion(
  tx: Database,
  type: AnyContentType,
  actor: Actor,
  itemId: string,
  current: { snapshot: Snapshot; updatedAt: Date },
) {
  const [newest] = await tx
    .select({ snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .where(ofItem(type, itemId))
    .orderBy(...newestFirst)
    .limit(1);
  // Fields the newest revision no longer holds (Amazon's, after a day) are taken as they are now.
  const newestInFull = { ...current.snapshot, ...newest?.snapshot };
  if (changesBetween(type, newestInFull, current.snapshot).length === 0) return;
  await keepRevision(tx, type, {
    itemId,
    before: { snapshot: newestInFull, savedAt: current.updatedAt },
    after: current.snapshot,
    actor,
    detail: { keptBeforeRestore: true },
  });
}
