import { coupons } from "#app/db/schema";
import type { ContentFace } from "#app/modules/content-types/content-type";

// What anyone may know about coupons: public queries and outward features read this face, the admin
// desk (couponType) builds on it.

export const couponFace = {
  key: "coupon" as const,
  noun: { one: "coupon", many: "coupons" },
  table: coupons,
  endsAt: coupons.validUntil,
  references: [{ field: "storeId", to: "store" }],
} satisfies ContentFace<typeof coupons>;
