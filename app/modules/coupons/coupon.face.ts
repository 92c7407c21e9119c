import { coupons, referencedColumn, stores } from "#app/db/schema";
import { couponDiscountLabel } from "#app/lib/money";
import { storePath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

// What anyone may know about coupons: public queries and outward features read this face, the admin
// desk (couponType) builds on it.

export const couponFace = {
  key: "coupon" as const,
  noun: { one: "coupon", many: "coupons" },
  table: coupons,
  endsAt: coupons.validUntil,
  references: [{ field: "storeId", to: "store" }],
  teaser: defineTeaser({
    columns: {
      title: coupons.title,
      discountType: coupons.discountType,
      discountValue: coupons.discountValue,
      storeName: referencedColumn<string>(coupons.storeId, stores, stores.name),
      storeSlug: referencedColumn<string>(coupons.storeId, stores, stores.slug),
    },
    // A coupon has no page of its own: it is shown on its store's.
    of: (coupon) => ({
      title: coupon.title,
      path: `${storePath({ slug: coupon.storeSlug })}#coupon-${coupon.id}`,
      summary: `${couponDiscountLabel(coupon.discountType, coupon.discountValue)} at ${coupon.storeName}`,
      image: null,
    }),
  }),
} satisfies ContentFace<typeof coupons>;
