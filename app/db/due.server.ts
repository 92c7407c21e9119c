import { lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Rows whose `column` time has come: by `now` when a caller gives its own clock, else by the database's,
 * which wrote the column's default. A JS Date has milliseconds and `now()` microseconds, so a row written a
 * moment ago reads as not yet due against a Date taken in the same millisecond.
 */
export const dueBy = (column: AnyPgColumn, now?: Date) => lte(column, now ?? sql`now()`);
