/** A sidebar entry; the content types' entries come from the server (adminNavigation). */
export interface AdminNavItem {
  to: string;
  label: string;
  /** Lucide icon name, see admin-icons.ts. */
  icon: string;
  /** Shown while the screen's data loads. */
  loading?: string;
}

export const adminSettingsNav: AdminNavItem[] = [{ to: "/admin/settings/amazon", label: "Amazon", icon: "ShoppingCart" }];

/** The loading text for a path under a section, e.g. '/admin/coupons' → 'Loading coupons...'. */
export function loadingLabelFor(pathname: string, nav: AdminNavItem[]): string {
  const section = [...nav, ...adminSettingsNav].find((item) => item.to !== "/admin" && pathname.startsWith(item.to));
  return section?.loading ?? "Loading...";
}
