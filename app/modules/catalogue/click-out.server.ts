import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { stores } from "#app/db/schema";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";

import { contentTypes } from "./registry.server";

/** The click's store, under a name of its own: a store's own click-out reads the stores table too. */
const clickStore = alias(stores, "click_store");

export interface ClickTarget {
  id: string;
  url: string;
  trackClicks: boolean;
  storeId: string | null;
  categoryId: string | null;
  /** The store's owner keeps click ids out of its links (`stores.click_ids_off`). */
  clickIdsOff: boolean;
}

/** The types with a click-out (`/go/<key>/<id>`), in registry order: what analytics and link health cover. */
export const clickOutTypes: readonly AnyContentType[] = contentTypes.filter((type) => type.clickOut);

/** The types link health checks: those with a click-out (their links) or a picture. */
export const checkedTypes: readonly AnyContentType[] = contentTypes.filter((type) => type.clickOut || type.picture);

/** The type a click-out URL's kind names (`/go/deal/…`), if it has click-outs. */
export function clickOutType(kind: string): AnyContentType | undefined {
  return clickOutTypes.find((type) => type.key === kind);
}

/**
 * Where a live row's click-out goes; null for anything the public may not reach (drafts, expired coupons)
 * and for a row with nowhere to go (a store without an affiliate link).
 */
export async function findClickTarget(type: AnyContentType, db: Executor, id: string): Promise<ClickTarget | null> {
  if (!type.clickOut) return null;
  const [row] = await db
    .select({
      id: type.table.id,
      url: type.clickOut.url,
      trackClicks: type.clickOut.trackClicks ?? sql<boolean>`true`,
      storeId: type.clickOut.storeId ?? sql<null>`null`,
      categoryId: type.clickOut.categoryId ?? sql<null>`null`,
      clickIdsOff: sql<boolean>`coalesce(${clickStore.clickIdsOff}, false)`,
    })
    .from(publicRows(type, { live: true }))
    .leftJoin(clickStore, type.clickOut.storeId ? eq(clickStore.id, type.clickOut.storeId) : sql`false`)
    .where(and(eq(type.table.id, id), sql`${type.clickOut.url} IS NOT NULL`))
    .limit(1);
  return (row as ClickTarget | undefined) ?? null;
}
