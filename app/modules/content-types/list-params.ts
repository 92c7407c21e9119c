import { isUuid } from "#app/lib/uuid";
import { type ContentStatus, contentStatuses } from "#app/lib/validation";

// What an admin list shows, held in its URL (?q=&status=&store=&sort=&dir=&page=&size=), so a reload, a
// shared link and the Back button show the same view. Read leniently: a value that makes no sense is
// left out, never an error.

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const listStates = ["live", "expired", "scheduled"] as const;
export type ListState = (typeof listStates)[number];
export type SortDirection = "asc" | "desc";

export interface ListParams {
  q: string;
  status?: ContentStatus;
  featured?: "yes" | "no";
  state?: ListState;
  /** Reference filters by their parameter name (`store`, `category`, `parent`): a row id. */
  refs: Record<string, string>;
  sort?: string;
  dir?: SortDirection;
  page: number;
  size: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);
const wholeNumber = (value: string | null) => (value && /^\d{1,7}$/.test(value) ? Number(value) : undefined);

/** The list's view from its query string; `refNames` are the reference filters its type has. */
export function readListParams(search: URLSearchParams, refNames: readonly string[]): ListParams {
  const refs: Record<string, string> = {};
  for (const name of refNames) {
    const value = search.get(name);
    if (isUuid(value)) refs[name] = value.toLowerCase();
  }
  const size = PAGE_SIZES.find((candidate) => candidate === wholeNumber(search.get("size"))) ?? DEFAULT_PAGE_SIZE;
  const sort = search.get("sort");
  return {
    q: (search.get("q") ?? "").replaceAll("\0", "").trim().slice(0, 200),
    status: oneOf(contentStatuses, search.get("status")),
    featured: oneOf(["yes", "no"] as const, search.get("featured")),
    state: oneOf(listStates, search.get("state")),
    refs,
    sort: sort && /^[a-z]{1,20}$/.test(sort) ? sort : undefined,
    dir: oneOf(["asc", "desc"] as const, search.get("dir")),
    page: Math.max(1, wholeNumber(search.get("page")) ?? 1),
    size,
  };
}

/** Whether the view narrows the rows (a search or a filter), as opposed to paging or sorting them. */
export const isFiltered = (params: ListParams) =>
  Boolean(params.q || params.status || params.featured || params.state || Object.keys(params.refs).length > 0);

/** The query string for a view, defaults left out, so links stay short and equal views share a URL. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.status) search.set("status", params.status);
  if (params.featured) search.set("featured", params.featured);
  if (params.state) search.set("state", params.state);
  for (const [name, id] of Object.entries(params.refs)) search.set(name, id);
  if (params.sort) search.set("sort", params.sort);
  if (params.dir) search.set("dir", params.dir);
  if (params.page > 1) search.set("page", String(params.page));
  if (params.size !== DEFAULT_PAGE_SIZE) search.set("size", String(params.size));
  const text = search.toString();
  return text ? `?${text}` : "";
}
