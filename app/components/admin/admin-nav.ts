import { BookOpen, FolderTree, Gift, LayoutDashboard, ShoppingCart, Store, Tag, Zap, type LucideIcon } from "lucide-react";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const adminNav: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/deals", label: "Deals", icon: Zap },
  { to: "/admin/coupons", label: "Coupons", icon: Tag },
  { to: "/admin/gift-ideas", label: "Gift Ideas", icon: Gift },
  { to: "/admin/buying-guides", label: "Buying Guides", icon: BookOpen },
  { to: "/admin/stores", label: "Stores", icon: Store },
  { to: "/admin/categories", label: "Categories", icon: FolderTree },
];

export const adminSettingsNav: AdminNavItem[] = [{ to: "/admin/settings/amazon", label: "Amazon", icon: ShoppingCart }];
