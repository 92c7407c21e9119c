import type { AdminNavItem } from "#app/lib/admin-list";

// The content types' sidebar entries come from the server (adminNavigation); settings are fixed.

export const adminSettingsNav: AdminNavItem[] = [
  { to: "/admin/settings/amazon", label: "Amazon", icon: "ShoppingCart" },
  { to: "/admin/settings/webhooks", label: "Webhooks", icon: "Webhook" },
  { to: "/admin/settings/site", label: "Time zone & currency", icon: "Globe" },
];

/** The loading text for a path under a section, e.g. '/admin/coupons' → 'Loading coupons...'. */
export function loadingLabelFor(pathname: string, nav: AdminNavItem[]): string {
  const section = [...nav, ...adminSettingsNav].find((item) => item.to !== "/admin" && pathname.startsWith(item.to));
  return section?.loading ?? "Loading...";
}
