import { getTableColumns } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

import type { Executor } from "#app/db/client.server";

import type { ListPage } from "./content-type";

/**
 * A type's admin list: the given columns of its table (a reference's name read by `referencedColumn`, so
 * there is no join to write), with the generic filter, order and paging applied.
 */
export const adminRows =
  <Columns extends SelectedFields>(table: PgTable, columns: Columns) =>
  async (db: Executor, page: ListPage) => {
    const query = db
      .select(columns as SelectedFields)
      .from(table)
      .$dynamic();
    const rows = await query
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
    return rows as SelectResultFields<Columns>[];
  };

/** The row type of an admin list made by `adminRows`. */
export type AdminRow<List extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<List>>[number];

/** Every stored column of a table, without the generated search vector nobody reads back. */
export const storedColumns = <Table extends PgTable>(table: Table) => {
  const { searchVector: _searchVector, ...stored } = getTableColumns(table) as Table["_"]["columns"] & {
    searchVector?: AnyPgColumn;
  };
  return stored as Omit<Table["_"]["columns"], "searchVector">;
};
