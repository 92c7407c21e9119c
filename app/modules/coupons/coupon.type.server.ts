import { coupons } from "#app/db/schema";
import { endOfDay, formatDate, startOfDay } from "#app/lib/dates";
import { isExpired } from "#app/lib/expiry";
import type { ContentType } from "#app/modules/content-types/content-type";
import { adminDiscountLabel, couponSchema, type CouponInput } from "./coupon.schema";
import { couponTargetUrl } from "./coupon-target";
import { findPublicCouponsByIds } from "./coupons-public.server";
import { listCouponsForAdmin } from "./coupons.server";

type ListRow = Awaited<ReturnType<typeof listCouponsForAdmin>>[number];

export const couponType: ContentType<CouponInput, ListRow, typeof coupons> = {
  key: "coupon",
  entity: "coupon",
  noun: { one: "coupon", many: "coupons" },
  segment: "coupons",
  table: coupons,
  titleColumn: coupons.title,
  schema: couponSchema,
  // Dates are whole days: valid from the start of the first, until the end of the last (UTC).
  toRow: (input) => ({
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
  }),
  messages: {
    created: "Coupon created successfully",
    updated: "Coupon updated successfully",
    deleted: "Coupon deleted successfully",
    saveFailed: "Failed to save coupon",
    deleteFailed: "Failed to delete coupon",
    loadFailed: "Failed to fetch coupon details",
    inUse: (uses) => `This coupon is used by ${uses}.`,
  },
  lifecycle: { status: coupons.status, endsAt: coupons.validUntil },
  references: [{ field: "storeId", column: coupons.storeId, to: "store", notFound: "Store not found" }],
  embed: { label: "Coupon", cards: findPublicCouponsByIds },
  clickOut: { url: couponTargetUrl },
  admin: {
    icon: "Tag",
    loading: "Loading coupons...",
    title: "Coupons Management",
    listHeading: (count) => `All Coupons (${count})`,
    addLabel: "Add Coupon",
    empty: { message: "No coupons found. Create your first coupon!", actionLabel: "Add First Coupon" },
    form: "routes/admin/coupons/coupon-form.tsx",
    formTitles: { add: "Add Coupon", edit: "Edit Coupon", create: "Create Coupon", update: "Update Coupon" },
    columns: ["Title", "Code", "Store", "Discount", "Status", "Featured", "Created"],
    list: listCouponsForAdmin,
    row: (coupon) => ({
      id: coupon.id,
      label: coupon.title,
      cells: [
        { kind: "title", text: coupon.title, detail: coupon.description },
        { kind: "code", code: coupon.couponCode, empty: "No code" },
        { kind: "text", text: coupon.storeName },
        { kind: "text", text: adminDiscountLabel(coupon.discountType, coupon.discountValue), tone: "strong" },
        { kind: "status", status: coupon.status, expired: isExpired(coupon.validUntil) },
        { kind: "featured", featured: coupon.featured },
        { kind: "text", text: formatDate(coupon.createdAt), tone: "muted" },
      ],
    }),
    dashboard: { total: "Total Coupons", published: "Published Coupons", quickAction: "Add Coupon" },
  },
};
