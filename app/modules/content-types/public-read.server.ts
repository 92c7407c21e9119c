import { and, eq, getTableName, gt, gte, isNull, lte, or, type SQL, sql, Subquery } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import { PgDialect, type PgTable, QueryBuilder } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { SelectionProxyHandler } from "drizzle-orm/selection-proxy";

import type { Executor } from "#app/db/client.server";

import type { Lifecycle } from "./content-type";
import { lifecycleOf } from "./words";

// The public-read rule, applied in one place. Public code reads a content table only through
// `publicRows(type)`: the rows the public may see, as a subquery named like the table, so joins and
// conditions written against the table's columns read as usual and cannot leave the rule out. Reading
// every row is the admin's business and goes to the table itself.

const queryBuilder = new QueryBuilder({ casing: "snake_case" });

export interface PublicReadOptions {
  /** Also leave out rows past their end (expired coupons): what listings, codes and click-outs offer. */
  live?: boolean;
  /** The instant the rule is judged at; the database's clock when unset. */
  now?: Date;
  /**
   * The id of the one row a valid preview link shows whatever its state (a draft, a scheduled item): the
   * rule widened to that row alone (modules/previews/preview-links.server.ts checks the link).
   */
  previewOf?: string;
}

/** The SQL rule for one type, or undefined when everything of that type is public (stores, categories). */
export function publicRule(lifecycle: Lifecycle | undefined, options: PublicReadOptions = {}): SQL | undefined {
  if (!lifecycle) return undefined;
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const { publishAt, unpublishAt } = lifecycle;
  return and(
    eq(lifecycle.status, "published"),
    publishAt ? or(isNull(publishAt), lte(publishAt, now)) : undefined,
    unpublishAt ? or(isNull(unpublishAt), gt(unpublishAt, now)) : undefined,
    options.live && lifecycle.endsAt ? or(isNull(lifecycle.endsAt), gte(lifecycle.endsAt, now)) : undefined,
  );
}

type Readable<Table extends PgTable> = { table: Table; endsAt?: AnyPgColumn };

/**
 * The subqueries judged by the database's clock, built and written out as SQL once per type (a face or a
 * content type, both made once) and kind of read: every request would build the same one, column by
 * column, and write it out again for each query it is part of.
 */
const onTheDatabaseClock = new WeakMap<object, { public?: PgTable; live?: PgTable }>();

/** A type's public rows, as a subquery that stands in for its table. */
export function publicRows<Table extends PgTable>(type: Readable<Table>, options: PublicReadOptions = {}): Table {
  if (options.now || options.previewOf) return publicRowsAt(type, options).as(getTableName(type.table)) as never;
  let built = onTheDatabaseClock.get(type);
  if (!built) onTheDatabaseClock.set(type, (built = {}));
  return (built[options.live ? "live" : "public"] ??= writtenOnce(
    publicRowsAt(type, { live: options.live }),
    getTableName(type.table),
  )) as Table;
}

function publicRowsAt(type: Readable<PgTable>, options: PublicReadOptions) {
  const rule = publicRule(lifecycleOf(type as never), options);
  const id = (type.table as unknown as { id: AnyPgColumn }).id;
  return queryBuilder
    .select()
    .from(type.table)
    .where(options.previewOf && rule ? or(rule, eq(id, options.previewOf)) : rule);
}

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * `query` as a subquery named `alias` whose SQL is written out now, once: drizzle's `.as()` keeps the
 * query's parts and writes them out in every query that uses it. Its values become literals (here a
 * status name), so the text stands alone wherever it goes.
 */
function writtenOnce(query: ReturnType<typeof publicRowsAt>, alias: string): PgTable {
  const built = query.as(alias);
  const text = dialect.sqlToQuery(query.getSQL().inlineParams()).sql;
  return new Proxy(
    new Subquery(sql.raw(text), built._.selectedFields, alias, false, built._.usedTables),
    new SelectionProxyHandler({ alias, sqlAliasedBehavior: "alias", sqlBehavior: "error" }),
  ) as never;
}

/**
 * One public row of a type by its slug, with the given columns (references read by `referencedColumn`), or
 * null; with `previewOf`, the row a valid preview link shows, by its id, whatever its state or slug.
 */
export async function findPublicBySlug<Columns extends SelectedFields>(
  db: Executor,
  type: { table: PgTable & { slug: AnyPgColumn; id: AnyPgColumn }; endsAt?: AnyPgColumn },
  columns: Columns,
  slug: string,
  options: { previewOf?: string } = {},
): Promise<SelectResultFields<Columns> | null> {
  const query = db.select(columns).from(publicRows(type, options) as PgTable);
  const [row] = (await query
    .where(options.previewOf ? eq(type.table.id, options.previewOf) : eq(type.table.slug, slug))
    .limit(1)) as SelectResultFields<Columns>[];
  return row ?? null;
}
