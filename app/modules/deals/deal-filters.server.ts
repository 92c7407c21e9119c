import { z } from "zod";

import { filterValues } from "#app/lib/listing-filters";
import { MAX_PAGE } from "#app/lib/page-window";
import { isUuid } from "#app/lib/uuid";
import { text } from "#app/lib/validation";

import { type DealFilters, type DealSort, dealSortOptions } from "./deal-filters";

const sorts = dealSortOptions.map((option) => option.value) as [DealSort, ...DealSort[]];
const slug = text().regex(/^[a-z0-9-]{1,120}$/);

// Bad or unknown values fall back to the defaults: a hand-edited URL never breaks the page.
const filtersSchema = z.object({
  search: text().trim().max(100).catch("").default(""),
  store: slug.optional().catch(undefined),
  category: slug.optional().catch(undefined),
  sort: z.enum(sorts).catch("newest").default("newest"),
  view: z.enum(["grid", "list"]).catch("grid").default("grid"),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
  saved: text()
    .optional()
    .transform((value) => (value === undefined ? undefined : value.split(",").filter(isUuid).slice(0, 100)))
    .catch(undefined),
});

/** The Deal Dashes state from its URL (`?search=&store=&category=&sort=&view=&page=&saved=`). */
export function parseDealFilters(params: URLSearchParams): DealFilters {
  return filtersSchema.parse(filterValues(params)) satisfies DealFilters;
}
