import { BookOpen, FolderTree, Gift, LayoutDashboard, ShoppingCart, Store, Tag, Zap, type LucideIcon } from "lucide-react";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown while the screen's data loads (the spec's wording where it gives one). */
  loading?: string;
}

export const adminNav: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/deals", loading: "Loading deals...", label: "Deals", icon: Zap },
  { to: "/admin/coupons", loading: "Loading coupons...", label: "Coupons", icon: Tag },
  { to: "/admin/gift-ideas", loading: "Loading gift ideas...", label: "Gift Ideas", icon: Gift },
  { to: "/admin/buying-guides", loading: "Loading buying guides...", label: "Buying Guides", icon: BookOpen },
  { to: "/admin/stores", loading: "Loading stores...", label: "Stores", icon: Store },
  { to: "/admin/categories", loading: "Loading categories...", label: "Categories", icon: FolderTree },
];

export const adminSettingsNav: AdminNavItem[] = [{ to: "/admin/settings/amazon", label: "Amazon", icon: ShoppingCart }];

/** The loading text for a path under a section, e.g. '/admin/coupons' → 'Loading coupons...'. */
export function loadingLabelFor(pathname: string): string {
  const section = [...adminNav, ...adminSettingsNav].find((item) => item.to !== "/admin" && pathname.startsWith(item.to));
  return section?.loading ?? "Loading...";
}
