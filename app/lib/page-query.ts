// The query parameters public pages read (listing filters, paging, search, the stores index's letter and
// cursor). The page cache keeps a page only when its URL carries no other: `?utm_source=…` or `?k=<n>`
// changes nothing on the page, and keeping a copy per spelling would let anyone fill the cache's memory.

export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "search",
  "q",
  "store",
  "category",
  "sort",
  "view",
  "saved",
  "page",
  "expired",
  "letter",
  "from",
]);

/** Whether every parameter of a query string (without its `?`) is one pages read. */
export function readsOnlyPageParams(query: string): boolean {
  if (!query) return true;
  for (const name of new URLSearchParams(query).keys()) if (!PAGE_QUERY_PARAMS.has(name)) return false;
  return true;
}
