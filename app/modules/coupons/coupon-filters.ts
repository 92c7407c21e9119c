import { z } from "zod";
import { text } from "#app/lib/validation";

export const COUPONS_PER_PAGE = 12;

const filtersSchema = z.object({
  search: text().trim().max(100).catch("").default(""),
  store: text().trim().max(120).optional().catch(undefined),
  expired: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(50).catch(1).default(1),
});

export type CouponFilters = z.output<typeof filtersSchema>;

export function parseCouponFilters(params: URLSearchParams): CouponFilters {
  return filtersSchema.parse(Object.fromEntries([...params.entries()].filter(([, value]) => value !== "" && value !== "all")));
}

export function couponFiltersHref(filters: Partial<CouponFilters>): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.store) params.set("store", filters.store);
  if (filters.expired) params.set("expired", "1");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return `/coupons${query ? `?${query}` : ""}`;
}
