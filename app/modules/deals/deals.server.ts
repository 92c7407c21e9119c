import { desc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { deals, stores } from "#app/db/schema";

/** Admin list, newest first, every status. */
export async function listDealsForAdmin(db: Executor) {
  return db
    .select({
      id: deals.id,
      title: deals.title,
      currentPrice: deals.currentPrice,
      originalPrice: deals.originalPrice,
      discountPercentage: deals.discountPercentage,
      status: deals.status,
      featured: deals.featured,
      amazonAsin: deals.amazonAsin,
      priceUpdatedAt: deals.priceUpdatedAt,
      createdAt: deals.createdAt,
      storeName: stores.name,
    })
    .from(deals)
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(desc(deals.createdAt));
}
