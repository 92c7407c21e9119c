import { z } from "zod";
import { isUuid } from "#app/lib/uuid";
import { text } from "#app/lib/validation";

export const DEALS_PER_PAGE = 12;
const MAX_PAGES = 50;

export const dealSortOptions = [
  { value: "newest", label: "Newest First" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "discount", label: "Highest Discount" },
  { value: "popular", label: "Most Popular" },
] as const;

const slug = text().regex(/^[a-z0-9-]{1,120}$/);

// Bad or unknown values fall back to the defaults: a hand-edited URL never breaks the page.
const filtersSchema = z.object({
  search: text().trim().max(100).catch("").default(""),
  store: slug.optional().catch(undefined),
  category: slug.optional().catch(undefined),
  sort: z.enum(["newest", "price-low", "price-high", "discount", "popular"]).catch("newest").default("newest"),
  view: z.enum(["grid", "list"]).catch("grid").default("grid"),
  page: z.coerce.number().int().min(1).max(MAX_PAGES).catch(1).default(1),
  saved: text()
    .optional()
    .transform((value) => (value === undefined ? undefined : value.split(",").filter(isUuid).slice(0, 100)))
    .catch(undefined),
});

export type DealFilters = z.output<typeof filtersSchema>;

/** The Deal Dashes state from its URL (`?search=&store=&category=&sort=&view=&page=&saved=`). */
export function parseDealFilters(params: URLSearchParams): DealFilters {
  const raw = Object.fromEntries([...params.entries()].filter(([, value]) => value !== "" && value !== "all"));
  return filtersSchema.parse(raw);
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
