import { asc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import type { coupons, deals, giftIdeas } from "#app/db/schema";

/** Id and title of a content table's published rows, by title (for pickers such as the guide editor's). */
export function publishedTitles(db: Executor, table: typeof deals | typeof coupons | typeof giftIdeas) {
  return db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(eq(table.status, "published"))
    .orderBy(asc(table.title));
}
