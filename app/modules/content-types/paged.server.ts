import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";

import type { ListPage } from "./content-type";

/** A type's admin list query with the generic filter, order and paging applied. */
export const paged = <Query extends PgSelect>(query: Query, page: ListPage) =>
  query
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);

/** What an admin list row of a scheduled type shows of its state: status, schedule and when it was made. */
export const scheduleColumns = <
  Table extends {
    id: AnyPgColumn;
    status: AnyPgColumn;
    publishAt: AnyPgColumn;
    unpublishAt: AnyPgColumn;
    createdAt: AnyPgColumn;
  },
>(
  table: Table,
) =>
  ({
    id: table.id,
    status: table.status,
    publishAt: table.publishAt,
    unpublishAt: table.unpublishAt,
    createdAt: table.createdAt,
  }) as Pick<Table, "id" | "status" | "publishAt" | "unpublishAt" | "createdAt">;
