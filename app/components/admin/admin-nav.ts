import type { AdminNavItem } from "#app/lib/admin-list";

/** The loading text for a path under a section, e.g. '/admin/coupons' → 'Loading coupons...'. */
export function loadingLabelFor(pathname: string, nav: AdminNavItem[]): string {
  const section = nav.find((item) => item.to !== "/admin" && pathname.startsWith(item.to));
  return section?.loading ?? "Loading...";
}
