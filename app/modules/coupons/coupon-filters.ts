// Zod-free on purpose: this module reaches the browser; the URL is parsed by coupon-filters.server.ts.

export const COUPONS_PER_PAGE = 12;

/** What each coupons parameter means when left at its default (the URL then leaves it out). */
export const COUPON_FILTER_DEFAULTS = { search: "", store: "all", expired: "", page: "1" } as const;

export interface CouponFilters {
  search: string;
  store?: string;
  expired?: "1";
  page: number;
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
