import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, type PgTable, QueryBuilder } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { containsPattern } from "#app/db/sql-text";
import type { AdminListRow } from "#app/lib/admin-list";
import type { AnyContentType, ListColumn, ListPage, Reference } from "#app/modules/content-types/content-type";
import type { ListParams, ListState, SortDirection } from "#app/modules/content-types/list-params";
import { lifecycleOf, referenceColumn, titleCase, titleColumnOf, windowOf } from "#app/modules/content-types/words";

import { contentType } from "./registry.server";

// Every admin list, paged, searched, filtered and sorted in the database, so a list costs the same at
// fifty rows and at a hundred thousand. The same filter also selects the rows of an "all matching" bulk action.

type Columns = Record<string, AnyPgColumn | undefined>;
const queryBuilder = new QueryBuilder({ casing: "snake_case" });
const columnsOf = (type: AnyContentType) => type.table as unknown as Columns;

/** The URL key of a sortable column: its heading in lower case, letters only ("Amazon price" → "amazonprice"). */
export const sortKeyOf = (column: ListColumn) => column.heading.toLowerCase().replace(/[^a-z]/g, "");

/** A reference filter's URL parameter: its field without "Id" (`storeId` → `store`). */
export const refParamOf = (reference: Reference) => reference.field.replace(/Id$/, "");

export interface RefFilter {
  param: string;
  label: string;
  /** The referenced type, whose rows the filter's combobox searches. */
  to: Reference["to"];
  reference: Reference;
}

export function refFiltersOf(type: AnyContentType): RefFilter[] {
  return (type.references ?? []).map((reference) => ({
    param: refParamOf(reference),
    label: reference.label ?? titleCase(contentType(reference.to).noun.one),
    to: reference.to,
    reference,
  }));
}

/** The states the type's rows can be in, for its filter: scheduled only with a start, expired only with an end. */
export function statesOf(type: AnyContentType): ListState[] {
  const { starts, ends } = windowOf(type);
  if (!starts.length && !ends.length) return [];
  return ["live", ...(ends.length ? (["expired"] as const) : []), ...(starts.length ? (["scheduled"] as const) : [])];
}

function searchCondition(type: AnyContentType, q: string): SQL | undefined {
  const contains = [titleColumnOf(type), ...(type.admin.search?.contains ?? [])];
  const slug = columnsOf(type).slug;
  const equals = [...(slug ? [slug] : []), ...(type.admin.search?.equals ?? [])];
  // Slugs are lower case and codes such as ASINs upper case: an exact match in either spelling.
  const spellings = [...new Set([q, q.toLowerCase(), q.toUpperCase()])];
  return or(
    ...contains.map((column) => ilike(column, containsPattern(q))),
    ...equals.map((column) => inArray(column, spellings)),
  );
}

function stateCondition(type: AnyContentType, state: ListState, now: SQL): SQL | undefined {
  const { starts, ends } = windowOf(type);
  if (state === "expired") return or(...ends.map((end) => lt(end, now)));
  if (state === "scheduled") return or(...starts.map((start) => gt(start, now)));
  return and(
    ...starts.map((start) => or(isNull(start), lte(start, now))),
    ...ends.map((end) => or(isNull(end), sql`${end} >= ${now}`)),
  );
}

/** The rows a view shows (every page of it): search, status, featured, state and reference filters. */
export function listWhere(
  type: AnyContentType,
  params: ListParams,
  now: SQL = sql`now()`,
  scope?: SQL,
): SQL | undefined {
  const columns = columnsOf(type);
  const lifecycle = lifecycleOf(type);
  return and(
    scope,
    params.q ? searchCondition(type, params.q) : undefined,
    params.status && lifecycle ? eq(lifecycle.status, params.status) : undefined,
    params.featured && columns.featured ? eq(columns.featured, params.featured === "yes") : undefined,
    params.state ? stateCondition(type, params.state, now) : undefined,
    ...refFiltersOf(type)
      .filter((filter) => params.refs[filter.param])
      .map((filter) => eq(referenceColumn(type, filter.reference), params.refs[filter.param]!)),
  );
}

export interface ListSort {
  key: string;
  dir: SortDirection;
}

/** The view's order: the URL's sortable column, else the type's default, else newest first. */
export function sortOf(type: AnyContentType, params: ListParams): ListSort & { by: AnyPgColumn } {
  const sortable = type.admin.columns.filter((column) => column.sort);
  const chosen = sortable.find((column) => sortKeyOf(column) === params.sort);
  const column = chosen ?? sortable.find((candidate) => candidate.sort?.isDefault);
  if (!column?.sort) return { key: "", dir: "desc", by: type.table.createdAt };
  return {
    key: sortKeyOf(column),
    dir: (chosen ? params.dir : undefined) ?? column.sort.first ?? "asc",
    by: column.sort.by,
  };
}

export interface AdminListPage {
  rows: AdminListRow[];
  total: number;
  page: number;
  pageCount: number;
  sort: ListSort;
}

/** A row as the list shows it: its id, its name (title or name column) and the type's cells. */
export function listRow(type: AnyContentType, row: unknown): AdminListRow {
  const named = row as { id: string } & Record<string, unknown>;
  return { id: named.id, label: String(named[titleColumnOf(type).name] ?? ""), cells: type.admin.cells(row) };
}

/**
 * One page of a type's admin list and the number of rows the view matches. The order always ends with the
 * id, so pages never overlap or skip rows that tie. A page past the end shows the last one.
 */
export async function queryAdminList(
  type: AnyContentType,
  db: Executor,
  params: ListParams,
  scope?: SQL,
): Promise<AdminListPage> {
  const pageAt = (page: number) => type.admin.list(db, listPage(type, { ...params, page }, scope));
  const [[counted], firstTry] = await Promise.all([
    db
      .select({ n: count() })
      .from(type.table)
      .where(listWhere(type, params, undefined, scope)),
    pageAt(params.page),
  ]);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.size));
  const page = Math.min(params.page, pageCount);
  const rows = page === params.page ? firstTry : await pageAt(page);
  const { by: _by, ...sort } = sortOf(type, params);
  return { rows: rows.map((row) => listRow(type, row)), total, page, pageCount, sort };
}

/**
 * What a type's list query is asked for one page of a view. The page's ids are found first on the table
 * alone (an index-only walk even a thousand pages deep), and the type's query, joins and all, reads just
 * those rows. The id breaks ties in the same direction, so one index on (column, id) serves both orders.
 */
export function listPage(type: AnyContentType, params: ListParams, scope?: SQL): ListPage {
  const { by, dir } = sortOf(type, params);
  const direction = dir === "asc" ? asc : desc;
  const orderBy = [direction(by), direction(type.table.id)];
  const pageIds = queryBuilder
    .select({ id: type.table.id })
    .from(type.table as PgTable)
    .where(listWhere(type, params, undefined, scope))
    .orderBy(...orderBy)
    .limit(params.size)
    .offset((params.page - 1) * params.size);
  return { where: inArray(type.table.id, pageIds), orderBy, limit: params.size, offset: 0 };
}

/** The names of the rows a view's reference filters point at, for their comboboxes. */
export async function refFilterLabels(
  type: AnyContentType,
  db: Executor,
  params: ListParams,
): Promise<Record<string, string>> {
  const chosen = refFiltersOf(type).filter((filter) => params.refs[filter.param]);
  const named = await Promise.all(
    chosen.map(async (filter) => {
      const target = contentType(filter.to);
      const [row] = await db
        .select({ name: titleColumnOf(target) })
        .from(target.table)
        .where(eq(target.table.id, params.refs[filter.param]!));
      return [filter.param, String(row?.name ?? "Unknown")] as const;
    }),
  );
  return Object.fromEntries(named);
}
