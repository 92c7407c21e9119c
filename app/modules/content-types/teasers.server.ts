import { inArray } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";

import type { ContentFace } from "./content-type";
import { type Teaser, teaserOf } from "./teaser";

/** The columns to select for a face's teasers (its teaser's and the id). */
export const teaserColumns = <Face extends ContentFace>(face: Face) =>
  ({ ...face.teaser.columns, id: face.table.id }) as Face["teaser"]["columns"] & { id: Face["table"]["id"] };

/** Rows selected with `teaserColumns(face)`, as teasers. */
export function teasersOf(face: ContentFace, rows: Array<Record<string, unknown>>): Teaser[] {
  // The rows hold the face's own columns: its `of` reads them as it declared them.
  return rows.map((row) => teaserOf(face, row as never));
}

/**
 * The rows `ids` name as teasers, in the order given; ids no longer stored are left out. Every row, public
 * or not: news of a deal that ended still names it.
 */
export async function readTeasers(db: Executor, face: ContentFace, ids: string[]): Promise<Teaser[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(teaserColumns(face)).from(face.table).where(inArray(face.table.id, ids));
  const byId = new Map(teasersOf(face, rows).map((teaser) => [teaser.id, teaser]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
