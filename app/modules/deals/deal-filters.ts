export const DEALS_PER_PAGE = 12;

// Zod-free on purpose: this module reaches the browser; the URL is parsed by deal-filters.server.ts.

export const dealSortOptions = [
  { value: "newest", label: "Newest First" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "discount", label: "Highest Discount" },
  { value: "popular", label: "Most Popular" },
] as const;

export type DealSort = (typeof dealSortOptions)[number]["value"];

/** What each Deal Dashes parameter means when left at its default (the URL then leaves it out). */
export const DEAL_FILTER_DEFAULTS = {
  search: "",
  store: "all",
  category: "all",
  sort: "newest",
  view: "grid",
  page: "1",
  saved: "",
} as const;

export interface DealFilters {
  search: string;
  store?: string;
  category?: string;
  sort: DealSort;
  view: "grid" | "list";
  page: number;
  saved?: string[];
}

/** A Deal Dashes URL for these filters, leaving defaults out. */
export function dealFiltersHref(filters: Partial<DealFilters>): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.store) params.set("store", filters.store);
  if (filters.category) params.set("category", filters.category);
  if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.view && filters.view !== "grid") params.set("view", filters.view);
  if (filters.saved) params.set("saved", filters.saved.join(","));
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return `/deal-dashes${query ? `?${query}` : ""}`;
}

/** Only search and category change what a page is about; the canonical URL keeps just those. */
export function dealCanonicalPath(filters: DealFilters): string {
  return dealFiltersHref({ search: filters.search, category: filters.category });
}
