import { desc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { coupons, stores } from "#app/db/schema";
import { endOfDay, formatDate, startOfDay } from "#app/lib/dates";
import { isExpired } from "#app/lib/expiry";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { adminDiscountLabel, couponFields, couponSchema, type CouponInput } from "./coupon.schema";
import { couponTargetUrl } from "./coupon-target";
import { findPublicCouponsByIds } from "./coupons-public.server";

export const couponType: ContentType<CouponInput, ListRow, typeof coupons> = {
  key: "coupon",
  noun: { one: "coupon", many: "coupons" },
  table: coupons,
  schema: couponSchema,
  // Dates are whole days: valid from the start of the first, until the end of the last (UTC).
  toRow: (input) => ({
    ...formColumns(couponFields, input),
    couponCode: input.couponCode || null,
    validFrom: input.validFrom ? startOfDay(input.validFrom) : null,
    validUntil: input.validUntil ? endOfDay(input.validUntil) : null,
    customUrl: input.urlType === "manual" ? (input.customUrl ?? null) : null,
  }),
  messages: { loadFailed: "Failed to fetch coupon details" },
  endsAt: coupons.validUntil,
  references: [{ field: "storeId", to: "store" }],
  embed: { label: "Coupon", cards: findPublicCouponsByIds },
  clickOut: { url: couponTargetUrl },
  admin: {
    icon: "Tag",
    title: "Coupons Management",
    empty: { message: "No coupons found. Create your first coupon!", actionLabel: "Add First Coupon" },
    form: "routes/admin/coupons/coupon-form.tsx",
    columns: ["Title", "Code", "Store", "Discount", "Status", "Featured", "Created"],
    list: listForAdmin,
    cells: (coupon) => [
      { kind: "title", text: coupon.title, detail: coupon.description },
      { kind: "code", code: coupon.couponCode, empty: "No code" },
      { kind: "text", text: coupon.storeName },
      { kind: "text", text: adminDiscountLabel(coupon.discountType, coupon.discountValue), tone: "strong" },
      { kind: "status", status: coupon.status, expired: isExpired(coupon.validUntil) },
      { kind: "featured", featured: coupon.featured },
      { kind: "text", text: formatDate(coupon.createdAt), tone: "muted" },
    ],
    dashboard: { total: "Total Coupons", published: "Published Coupons", quickAction: "Add Coupon" },
  },
};

/** Admin list, newest first, every status, with the store's name. */
async function listForAdmin(db: Executor) {
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

type ListRow = Awaited<ReturnType<typeof listForAdmin>>[number];
