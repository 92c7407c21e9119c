import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgEnum,
  type PgTable,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const contentStatus = pgEnum("content_status", ["draft", "published", "archived"]);

/** Primary key shared by every content table. */
export const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money in dollars: numeric(10,2) in the database, a number in TypeScript. */
export const money = () => numeric({ precision: 10, scale: 2, mode: "number" });

/** Star rating 0.0–5.0. */
export const rating = () => numeric({ precision: 2, scale: 1, mode: "number" });

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** English full-text vector over the given columns (weights A, B, C in order). */
export function searchVector(...columns: string[]) {
  const weights = ["A", "B", "C"];
  const parts = columns.map(
    (column, index) => `setweight(to_tsvector('english', coalesce(${column}, '')), '${weights[index] ?? "C"}')`,
  );
  return tsvector().generatedAlwaysAs(sql.raw(parts.join(" || ")));
}

/**
 * What makes a row public: its status, featured flag and scheduled publish and unpublish (UTC). A published
 * row is public from `publishAt` until `unpublishAt`, judged at query time
 * (modules/content-types/public-read.server.ts), so nothing waits for a job.
 */
export const publishingColumns = () => ({
  status: contentStatus().notNull().default("draft"),
  publishAt: timestamp({ withTimezone: true }),
  unpublishAt: timestamp({ withTimezone: true }),
  featured: boolean().notNull().default(false),
});

/**
 * The home page's featured rows, newest first, and the page cache's "next scheduled change", which reads the
 * soonest future time (most rows have none).
 */
export function publishingIndexes(
  table: string,
  t: Record<"status" | "featured" | "createdAt" | "publishAt" | "unpublishAt", ExtraConfigColumn>,
) {
  return [
    index(`${table}_status_featured_created_idx`).on(t.status, t.featured.desc(), t.createdAt.desc()),
    index(`${table}_publish_at_idx`)
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
    index(`${table}_unpublish_at_idx`)
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} IS NOT NULL`),
  ];
}

/** Counted click-outs in the last 30 days, as of the last roll-up (modules/analytics/recent-clicks.server.ts). */
export const popularity = () => integer().notNull().default(0);

/** "Most popular" first, and the unclicked (popularity 0) oldest first, among a status's rows. */
export function popularityIndex(
  table: string,
  t: { status: ExtraConfigColumn; popularity: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) {
  return index(`${table}_status_popular_idx`).on(t.status, t.popularity.desc(), t.createdAt.desc(), t.id);
}

/**
 * A column of the row a foreign key points to, read beside each row by its primary key (a correlated
 * subquery): a face names a deal's store this way without a join for its caller to write. The subquery is
 * nested so that drizzle keeps its columns qualified even in a one-table select (where it strips a
 * selection's own table names and `"id" = "store_id"` would be read inside the subquery alone).
 */
export const referencedColumn = <Value>(
  foreignKey: AnyPgColumn,
  table: PgTable & { id: AnyPgColumn },
  column: AnyPgColumn,
) => sql<Value>`(${sql`select ${column} from ${table} where ${table.id} = ${foreignKey}`})`;
