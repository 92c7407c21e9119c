import { and, eq, type SQL, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import type { Actor } from "#app/lib/actor";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { lifecycleOf } from "#app/modules/content-types/words";
import { atLeast, type Role } from "#app/modules/users/roles";

// A contributor writes drafts of types that have them and changes only their own while they are drafts;
// editors and owners change every row. The row's condition goes into the write itself, so an editor who
// publishes between a contributor's check and save wins: the save finds no draft of theirs to change.

/** A signed-in person with their role. */
export interface Writer extends Actor {
  role: Role;
}

export const CANNOT_PUBLISH = "Only an editor or owner can publish. Save it as a draft and submit it for review.";
export const NOT_YOUR_DRAFT = "You can change only your own drafts.";

/** The rows `writer` may change in `type`: undefined for every row, else their own drafts. */
export function changeableRows(type: AnyContentType, writer: Writer): SQL | undefined {
  if (atLeast(writer.role, "editor")) return undefined;
  const lifecycle = lifecycleOf(type);
  if (!lifecycle?.authorId) return sql`false`;
  return and(eq(lifecycle.authorId, writer.id), eq(lifecycle.status, "draft"));
}

/** The rows a contributor's list shows: everything they made, published by an editor or not. */
export function listedRows(type: AnyContentType, writer: Writer): SQL | undefined {
  if (atLeast(writer.role, "editor")) return undefined;
  const authorId = lifecycleOf(type)?.authorId;
  return authorId ? eq(authorId, writer.id) : sql`false`;
}

/** Whether `writer` may change the row `id` now (the edit form's check; saves repeat it in their write). */
export async function mayChange(type: AnyContentType, db: Executor, writer: Writer, id: string): Promise<boolean> {
  const rows = changeableRows(type, writer);
  if (!rows) return true;
  const [row] = await db
    .select({ id: type.table.id })
    .from(type.table)
    .where(and(eq(type.table.id, id), rows))
    .limit(1);
  return Boolean(row);
}

/**
 * The columns a status change writes besides the status: publishing or archiving a row is its review done,
 * whichever path sets it (a form's save, a bulk action). Nothing for a type without authorship.
 */
export function reviewEndedBy(type: AnyContentType, status: unknown): Record<string, unknown> {
  if (!lifecycleOf(type)?.submittedAt || status === undefined || status === "draft") return {};
  return { submittedAt: null };
}

/** Whether `writer` may give a row this status: a contributor's stay drafts. */
export const mayPublish = (writer: Writer, status: unknown) =>
  atLeast(writer.role, "editor") || status === undefined || status === "draft";
