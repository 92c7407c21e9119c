/**
 * How many pages one answer renders at most. 'Load More' asks for page N; the answer holds pages N-2..N,
 * so a reload keeps the last few the visitor saw, and page 40 renders 36 cards, not 480.
 */
export const PAGES_PER_ANSWER = 3;

/** The furthest page a listing goes (600 deals at 12 a page): past it, search or filter. */
export const MAX_PAGE = 50;

export interface PageWindow {
  firstPage: number;
  lastPage: number;
  offset: number;
  limit: number;
}

/** The rows page `page` shows: `offset`/`limit` for the query, the first and last page it covers. */
export function pageWindow(page: number, perPage: number): PageWindow {
  const firstPage = Math.max(1, page - PAGES_PER_ANSWER + 1);
  return { firstPage, lastPage: page, offset: (firstPage - 1) * perPage, limit: (page - firstPage + 1) * perPage };
}

/** The `page` query parameter: a whole number from 1 to `max`, 1 for anything else. */
export function pageParam(params: URLSearchParams, max = MAX_PAGE): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), max) : 1;
}
