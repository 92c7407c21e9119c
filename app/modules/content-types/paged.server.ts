import type { PgSelect } from "drizzle-orm/pg-core";

import type { ListPage } from "./content-type";

/** A type's admin list query with the generic filter, order and paging applied. */
export const paged = <Query extends PgSelect>(query: Query, page: ListPage) =>
  query
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
