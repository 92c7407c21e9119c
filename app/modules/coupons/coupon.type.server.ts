import { coupons, referencedColumn, stores } from "#app/db/schema";
import { statusCell } from "#app/lib/admin-list";
import { endOfDay, formatDate, startOfDay } from "#app/lib/dates";
import { timeAgo } from "#app/lib/relative-time";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { type AdminRow, adminRows, storedColumns } from "#app/modules/content-types/paged.server";

import { couponFace } from "./coupon.face";
import { adminDiscountLabel, couponFields, type CouponInput, couponSchema } from "./coupon.schema";
import { couponTargetUrl } from "./coupon-target";
import { markCouponVerified } from "./coupon-verified.server";
import { findPublicCouponsByIds, type PublicCoupon } from "./coupons-public.server";

/** The admin list's rows, every status, with the store's name. */
const adminList = adminRows(coupons, {
  ...storedColumns(coupons),
  storeName: referencedColumn<string>(coupons.storeId, stores, stores.name),
});

type ListRow = AdminRow<typeof adminList>;

export const couponType: ContentType<CouponInput, ListRow, typeof coupons> = {
  ...couponFace,
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
  embed: {
    label: "Coupon",
    cards: findPublicCouponsByIds,
    chip: (coupon: PublicCoupon) => ({
      id: coupon.id,
      label: coupon.title,
      detail: `${coupon.storeName} · ${adminDiscountLabel(coupon.discountType, coupon.discountValue)}`,
      url: coupon.targetUrl ?? undefined,
    }),
  },
  clickOut: { url: couponTargetUrl, storeId: coupons.storeId, recentClicks: coupons.popularity },
  // A coupon has no slug: its store and code find it, or for a coupon without a code its store and title.
  csv: {
    fields: couponFields,
    importBy: [
      [coupons.storeId, coupons.couponCode],
      [coupons.storeId, coupons.title],
    ],
  },
  admin: {
    icon: "Tag",
    title: "Coupons Management",
    empty: { message: "No coupons found. Create your first coupon!", actionLabel: "Add First Coupon" },
    columns: [
      { heading: "Title", sort: { by: coupons.title } },
      { heading: "Code" },
      { heading: "Store" },
      { heading: "Discount", sort: { by: coupons.discountValue, first: "desc" } },
      { heading: "Status" },
      { heading: "Featured" },
      { heading: "Created", sort: { by: coupons.createdAt, first: "desc", isDefault: true } },
      { heading: "Ends", sort: { by: coupons.validUntil } },
    ],
    list: adminList,
    search: { contains: [coupons.couponCode] },
    window: { startsAt: coupons.validFrom },
    cells: (coupon) => [
      { kind: "title", text: coupon.title, detail: coupon.description },
      {
        // Whether the code was seen to work sits with the code (and keeps the list to a laptop's width).
        kind: "stack",
        cells: [
          { kind: "code", code: coupon.couponCode, empty: "No code" },
          {
            kind: "intent",
            intent: "verify",
            text: "Mark verified",
            busyText: "Saving...",
            icon: "check",
            note: coupon.verifiedAt ? `Verified ${timeAgo(coupon.verifiedAt)}` : "Never verified",
            testId: "coupon-verified",
          },
        ],
      },
      { kind: "text", text: coupon.storeName },
      { kind: "text", text: adminDiscountLabel(coupon.discountType, coupon.discountValue), tone: "strong" },
      statusCell(coupon, { startsAt: coupon.validFrom, endsAt: coupon.validUntil }),
      { kind: "featured", featured: coupon.featured },
      { kind: "text", text: formatDate(coupon.createdAt), tone: "muted" },
      coupon.validUntil
        ? { kind: "text", text: formatDate(coupon.validUntil), tone: "muted" }
        : { kind: "text", text: "No end", tone: "muted" },
    ],
    intents: [{ intent: "verify", run: markCouponVerified }],
    dashboard: { total: "Total Coupons", published: "Published Coupons", quickAction: "Add Coupon" },
  },
};
