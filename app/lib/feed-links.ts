// Every public list has an RSS 2.0 and an Atom feed at `/feeds` + the list's path + `.rss` or `.atom`, with
// the list's own query: `/deal-dashes?search=tv&store=amazon` → `/feeds/deal-dashes.rss?search=tv&store=amazon`.
// A feed lists what the list's first page lists, so only what changes which items show is carried over.

export type FeedFormat = "rss" | "atom";

export const FEED_FORMATS: Record<FeedFormat, { contentType: string; label: string }> = {
  rss: { contentType: "application/rss+xml", label: "RSS" },
  atom: { contentType: "application/atom+xml", label: "Atom" },
};

/** Query parameters that only change how a list looks or which page of it shows. */
const PRESENTATION = new Set(["page", "view"]);

/** A list page's query (`?…`) as its feed keeps it: what filters the items, or "". */
export function listQuery(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of [...query.keys()]) if (PRESENTATION.has(name) || query.get(name) === "") query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

/** The feed of the list at `pagePath` (no query) filtered by `search` (a page's `?…`). */
export const feedPath = (pagePath: string, search: string, format: FeedFormat) =>
  `/feeds${pagePath}.${format}${listQuery(search)}`;

/** The list page's `<link rel="alternate">` tags: browsers and feed readers find its feeds through them. */
export function feedAlternates(title: string, pagePath: string, search = "") {
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
    tagName: "link",
    rel: "alternate",
    type: FEED_FORMATS[format].contentType,
    title: `${title} (${FEED_FORMATS[format].label})`,
    href: feedPath(pagePath, search, format),
  }));
}
