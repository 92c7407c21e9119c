// What every public listing's filters share.

/** A listing URL's filter values as an object, leaving out empty ones and "all" (a select's "All …" choice). */
export function filterValues(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params.entries()].filter(([, value]) => value !== "" && value !== "all"));
}

/**
 * A filter's options: those everyone is offered plus the chosen one wherever it ranks, A–Z by name. A new
 * array: `offered` may be a kept read shared by every request.
 */
export function withChosenOption<Option extends { slug: string; name: string }>(
  offered: readonly Option[],
  chosen: readonly Option[],
): Option[] {
  const extra = chosen.filter((option) => !offered.some((shown) => shown.slug === option.slug));
  return [...offered, ...extra].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/**
 * The listing's URL without the filter parameters that say nothing (empty, "All …", or the filter's
 * default value), or null when it has none to drop. A form sent without JavaScript lists every field:
 * `?search=&store=all&sort=newest` is the page `/deal-dashes` already is. Other parameters stay.
 */
export function withoutDefaultFilters(url: URL, defaults: Readonly<Record<string, string>>): string | null {
  const kept = [...url.searchParams].filter(
    ([name, value]) => !(name in defaults && (value === "" || value === "all" || value === defaults[name])),
  );
  if (kept.length === [...url.searchParams].length) return null;
  const query = new URLSearchParams(kept).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
