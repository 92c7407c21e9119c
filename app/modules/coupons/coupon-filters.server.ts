import { z } from "zod";

import { filterValues } from "#app/lib/listing-filters";
import { MAX_PAGE } from "#app/lib/page-window";
import { text } from "#app/lib/validation";

import type { CouponFilters } from "./coupon-filters";

const filtersSchema = z.object({
  search: text().trim().max(100).catch("").default(""),
  store: text().trim().max(120).optional().catch(undefined),
  expired: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
});

/** The coupons page's state from its URL; bad values fall back to the defaults. */
export function parseCouponFilters(params: URLSearchParams): CouponFilters {
  return filtersSchema.parse(filterValues(params)) satisfies CouponFilters;
}
