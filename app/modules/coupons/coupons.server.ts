import { desc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { coupons, stores } from "#app/db/schema";

/** Admin list, newest first, every status, with the store's name. */
export async function listCouponsForAdmin(db: Executor) {
  return db
    .select({
      id: coupons.id,
      title: coupons.title,
      description: coupons.description,
      couponCode: coupons.couponCode,
      discountType: coupons.discountType,
      discountValue: coupons.discountValue,
      validUntil: coupons.validUntil,
      status: coupons.status,
      featured: coupons.featured,
      createdAt: coupons.createdAt,
      storeName: stores.name,
    })
    .from(coupons)
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .orderBy(desc(coupons.createdAt));
}
