import type { AnyColumn } from "drizzle-orm";
import { type SQL, sql } from "drizzle-orm";

/**
 * Descending with empty values last, the order the listing indexes keep (drizzle's `desc()` leaves
 * PostgreSQL's default, NULLS FIRST, which such an index cannot serve).
 */
export const descNullsLast = (column: AnyColumn | SQL): SQL => sql`${column} desc nulls last`;
