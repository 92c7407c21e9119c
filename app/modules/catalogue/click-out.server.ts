import { eq, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";

import { contentTypes } from "./registry.server";

export interface ClickTarget {
  id: string;
  url: string;
  trackClicks: boolean;
  storeId: string | null;
  categoryId: string | null;
}

/** The types with a click-out (`/go/<key>/<id>`), in registry order: what analytics and link health cover. */
export const clickOutTypes: readonly AnyContentType[] = contentTypes.filter((type) => type.clickOut);

/** The type a click-out URL's kind names (`/go/deal/…`), if it has click-outs. */
export function clickOutType(kind: string): AnyContentType | undefined {
  return clickOutTypes.find((type) => type.key === kind);
}

/** Where a live row's click-out goes; null for anything the public may not reach (drafts, expired coupons). */
export async function findClickTarget(type: AnyContentType, db: Executor, id: string): Promise<ClickTarget | null> {
  if (!type.clickOut) return null;
  const [row] = await db
    .select({
      id: type.table.id,
      url: type.clickOut.url,
      trackClicks: type.clickOut.trackClicks ?? sql<boolean>`true`,
      storeId: type.clickOut.storeId ?? sql<null>`null`,
      categoryId: type.clickOut.categoryId ?? sql<null>`null`,
    })
    .from(publicRows(type, { live: true }))
    .where(eq(type.table.id, id))
    .limit(1);
  return (row as ClickTarget | undefined) ?? null;
}
