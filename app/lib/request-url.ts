const ENCODED_NUL = /%00/i;

function decodesCleanly(segment: string): boolean {
  try {
    return !decodeURIComponent(segment).includes("\0");
  } catch {
    return false;
  }
}

/**
 * A request URL without the NUL character, which PostgreSQL cannot store or compare: null when the path
 * holds one or a broken percent-escape (no page has such an address), otherwise the URL with every query
 * parameter holding a NUL dropped.
 */
export function cleanRequestUrl(url: string): string | null {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.split("/").every(decodesCleanly)) return null;
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  if (!ENCODED_NUL.test(query) && !query.includes("\0")) return url;
  const kept = [...new URLSearchParams(query)].filter(([name, value]) => !name.includes("\0") && !value.includes("\0"));
  const rebuilt = new URLSearchParams(kept).toString();
  return rebuilt ? `${path}?${rebuilt}` : path;
}
