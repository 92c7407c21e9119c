import { and, asc, desc, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Reading a whole ordered view in batches, each starting after the last row read (keyset paging): every batch
// is a short index walk, where OFFSET walks past all the rows before it (a million-row export read its first
// rows a thousand times over).

type Phase = "values" | "nulls";

/**
 * A walk over `by` in PostgreSQL's default NULLS placement (last going up, first going down), ties broken by
 * the id in the same direction, so one btree on (by, id) serves every batch. Rows with a value and rows
 * without are walked in turn, each by a plain index range: an OR of both would walk the index from its start.
 */
export function keysetWalk(by: AnyPgColumn, id: AnyPgColumn, dir: "asc" | "desc") {
  const direction = dir === "asc" ? asc : desc;
  const after = sql.raw(dir === "asc" ? ">" : "<");
  const phases: Phase[] = by.notNull ? ["values"] : dir === "asc" ? ["values", "nulls"] : ["nulls", "values"];
  let phase = 0;
  let last: { value: unknown; id: string } | null = null;
  return {
    orderBy: [direction(by), direction(id)],
    /** The condition of the next batch, or null when the walk is over. */
    next(): SQL | null {
      const current = phases[phase];
      if (!current) return null;
      if (current === "nulls")
        return and(isNull(by), last ? sql`${id} ${after} ${sql.param(last.id, id)}` : undefined)!;
      return and(
        isNotNull(by),
        last ? sql`(${by}, ${id}) ${after} (${sql.param(last.value, by)}, ${sql.param(last.id, id)})` : undefined,
      )!;
    },
    /** Moves past a batch of `size` asked for; a short batch ends its phase. */
    advance(rows: Array<{ sortValue: unknown; id: string }>, size: number): void {
      const end = rows.at(-1);
      last = end ? { value: end.sortValue, id: end.id } : last;
      if (rows.length < size) {
        phase += 1;
        last = null;
      }
    },
  };
}
