/** The longest search taken; the rest is cut (as the listings' own search boxes do). */
export const SEARCH_MAX_LENGTH = 100;

/** A search from the URL (`?q=` or `?search=`), trimmed and cut to SEARCH_MAX_LENGTH; "" for none. */
export const searchQueryOf = (params: URLSearchParams, name: "q" | "search") =>
  (params.get(name) ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
