import { desc, eq } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { coupons, stores } from "#app/db/schema";
import { endOfDay, startOfDay } from "#app/lib/dates";
import { publishedTitles } from "#app/modules/resource/published-titles.server";
import { deleteWithAudit, removeById, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import type { CouponInput } from "./coupon.schema";

const ENTITY = "coupon";

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
      status: coupons.status,
      featured: coupons.featured,
      createdAt: coupons.createdAt,
      storeName: stores.name,
    })
    .from(coupons)
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .orderBy(desc(coupons.createdAt));
}

export async function getCouponForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ?? null;
}

/** Dates are whole days: valid from the start of the first, until the end of the last (UTC). */
function values(input: CouponInput) {
  return {
    title: input.title,
    description: input.description,
    storeId: input.storeId,
    couponCode: input.couponCode || null,
    discountType: input.discountType,
    discountValue: input.discountValue,
    validFrom: input.validFrom ? startOfDay(input.validFrom) : null,
    validUntil: input.validUntil ? endOfDay(input.validUntil) : null,
    terms: input.terms ?? null,
    urlType: input.urlType,
    customUrl: input.urlType === "manual" ? (input.customUrl ?? null) : null,
    affiliateUrl: input.affiliateUrl ?? null,
    status: input.status,
    featured: input.featured,
  };
}

export function createCoupon(db: Database, actor: Actor, input: CouponInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.insert(coupons).values(values(input)).returning();
    return row;
  });
}

export function updateCoupon(db: Database, actor: Actor, id: string, input: CouponInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.update(coupons).set(values(input)).where(eq(coupons.id, id)).returning();
    return row;
  });
}

export function deleteCoupon(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(coupons, coupons.title, id));
}

/** Published coupons for the guide editor's token picker. */
export function listPublishedCouponTitles(db: Executor) {
  return publishedTitles(db, coupons);
}
