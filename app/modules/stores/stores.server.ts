import { asc } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { stores } from "#app/db/schema";

/** Stores for public filters: names and slugs only (api_config never leaves the server). */
export async function listPublicStores(db: Executor) {
  return db.select({ name: stores.name, slug: stores.slug }).from(stores).orderBy(asc(stores.name));
}

