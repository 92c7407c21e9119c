import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

// An item as outsiders see it: feeds, webhooks and mail list every type this way, so none of them spells
// a type out again. A face declares the columns its teaser reads, named as the type's public cards name
// them, so a card already read for a page is teased without reading it again.

export interface Teaser {
  id: string;
  title: string;
  /** DealDash's own page for it, never a retailer's. */
  path: string;
  /** One line: price or discount and store ("$279.99 at Best Buy"), or the item's own summary. */
  summary: string;
  /** A picture a reader may keep: none for Amazon's, which may be shown for 24 hours only. */
  image: string | null;
}

export interface TeaserConfig<Columns extends SelectedFields = SelectedFields> {
  /** What `of` reads besides the id: plain columns, or correlated subqueries for a referenced row's name. */
  columns: Columns;
  of(row: SelectResultFields<Columns> & { id: string }): Omit<Teaser, "id">;
}

/** A face's teaser, its row type inferred from its columns. */
export const defineTeaser = <Columns extends SelectedFields>(config: TeaserConfig<Columns>) => config;

/** Anything with a teaser for rows like `Row` (a face). */
export interface Teased<Row> {
  teaser: { of(row: Row): Omit<Teaser, "id"> };
}

/** `row` (the teaser's columns and id, or a public card holding them) as a teaser. */
export function teaserOf<Row extends { id: string }>(face: Teased<Row>, row: Row): Teaser {
  return { id: row.id, ...face.teaser.of(row) };
}
