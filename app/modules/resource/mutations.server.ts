import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "#app/db/client.server";
import { isStillReferenced, missingReferenceColumn, pgError, PG_UNIQUE_VIOLATION } from "#app/db/errors.server";
import { SLUG_TAKEN } from "#app/lib/validation";
import { recordAudit } from "#app/modules/audit/audit.server";

export interface Actor {
  id: string;
  email: string;
}

export type SaveResult<Row> =
  | { ok: true; row: Row }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]> }
  | { ok: false; reason: "not-found" };

export type DeleteResult = { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "in-use"; message: string };

/** Thrown inside a save to refuse it with messages at fields (the transaction rolls back). */
export class FieldErrors extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super("invalid input");
  }
}

/** The field error for a reference to a row that does not exist (a stale or hand-made id). */
const MISSING_REFERENCE: Record<string, string> = {
  storeId: "Store not found",
  categoryId: "Category not found",
  parentId: "Parent category not found",
};

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Runs one create or update and its audit row in a transaction. A unique slug violation (two saves
 * racing for one slug included) becomes the field error 'Slug already in use'; a reference to a row that
 * does not exist (or was deleted meanwhile) becomes an error at that field.
 */
export async function saveWithAudit<Row extends { id: string }>(
  db: Database,
  audit: { actor: Actor; action: "create" | "update"; entity: string; title: string },
  write: (tx: Executor) => Promise<Row | undefined>,
): Promise<SaveResult<Row>> {
  try {
    const row = await db.transaction(async (tx) => {
      const saved = await write(tx);
      if (saved) {
        await recordAudit(tx, {
          action: audit.action,
          actor: audit.actor,
          entity: audit.entity,
          entityId: saved.id,
          detail: { title: audit.title },
        });
      }
      return saved;
    });
    return row ? { ok: true, row } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (error instanceof FieldErrors) return { ok: false, reason: "invalid", fieldErrors: error.fieldErrors };
    const info = pgError(error);
    if (info?.code === PG_UNIQUE_VIOLATION && info.constraint?.endsWith("_slug_unique")) {
      return { ok: false, reason: "invalid", fieldErrors: { slug: [SLUG_TAKEN] } };
    }
    const column = info && missingReferenceColumn(info);
    if (column) {
      const field = camelCase(column);
      return { ok: false, reason: "invalid", fieldErrors: { [field]: [MISSING_REFERENCE[field] ?? "The chosen item no longer exists"] } };
    }
    throw error;
  }
}

/**
 * Deletes one row and writes its audit row, unless something still uses it: then nothing is deleted
 * and the message says what depends on it. The database's RESTRICT keys back this up against races.
 */
export async function deleteWithAudit(
  db: Database,
  audit: { actor: Actor; entity: string },
  remove: (tx: Executor) => Promise<{ id: string; title: string } | undefined>,
  dependents: () => Promise<string | null> = async () => null,
): Promise<DeleteResult> {
  const inUse = await dependents();
  if (inUse) return { ok: false, reason: "in-use", message: inUse };
  try {
    const removed = await db.transaction(async (tx) => {
      const row = await remove(tx);
      if (row) {
        await recordAudit(tx, { action: "delete", actor: audit.actor, entity: audit.entity, entityId: row.id, detail: { title: row.title } });
      }
      return row;
    });
    return removed ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (!isStillReferenced(error)) throw error;
    return { ok: false, reason: "in-use", message: (await dependents()) ?? "Other content still uses it." };
  }
}

/** The delete step for a table whose rows are known by `id` and named by `title` (for the audit row). */
export function removeById(table: PgTable & { id: AnyPgColumn }, title: AnyPgColumn, id: string) {
  return async (tx: Executor) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id, title });
    return row as { id: string; title: string } | undefined;
  };
}

/** "3 deals, 1 coupon and 2 gift ideas" from counts, skipping zeros; null when all are zero. */
export function describeCounts(counts: Array<[number, string, string]>): string | null {
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
