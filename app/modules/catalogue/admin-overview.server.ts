import { count, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import type { AdminNavItem } from "#app/lib/admin-list";
import { adminPathOf, adminWordsOf, lifecycleOf } from "#app/modules/content-types/words";

import { contentTypes } from "./registry.server";

// The admin's view of all types at once: the sidebar, the dashboard's counts and quick actions.

/** The sidebar; `waiting` is how many rows Needs attention holds. */
export function adminNavigation(waiting: number): AdminNavItem[] {
  return [
    { to: "/admin", label: "Dashboard", icon: "LayoutDashboard" },
    { to: "/admin/analytics", label: "Analytics", icon: "ChartLine", loading: "Loading analytics..." },
    { to: "/admin/attention", label: "Needs attention", icon: "TriangleAlert", loading: "Loading...", count: waiting },
    { to: "/admin/sourcing", label: "Sourcing", icon: "Inbox", loading: "Loading..." },
    { to: "/admin/calendar", label: "Calendar", icon: "CalendarDays", loading: "Loading..." },
    ...contentTypes.map((type) => {
      const words = adminWordsOf(type);
      return { to: adminPathOf(type), label: words.navLabel, icon: type.admin.icon, loading: words.loading };
    }),
    { to: "/admin/newsletter", label: "Newsletter", icon: "Newspaper", loading: "Loading..." },
    { to: "/admin/outbox", label: "Outbox", icon: "Mail", loading: "Loading..." },
    { to: "/admin/jobs", label: "Background jobs", icon: "Timer", loading: "Loading..." },
  ];
}

/** The sidebar's settings section. */
export function adminSettingsNavigation(): AdminNavItem[] {
  return [
    { to: "/admin/settings/amazon", label: "Amazon", icon: "ShoppingCart" },
    { to: "/admin/settings/webhooks", label: "Webhooks", icon: "Webhook" },
    { to: "/admin/settings/site", label: "Time zone & currency", icon: "Globe" },
    { to: "/admin/users", label: "Users", icon: "Users", loading: "Loading..." },
    { to: "/admin/activity", label: "Activity", icon: "History", loading: "Loading..." },
  ];
}

export interface DashboardCard {
  label: string;
  value: number;
  icon: string;
}

/** The dashboard's count cards, counted in the database, in registry order. */
export async function dashboardCards(db: Executor): Promise<DashboardCard[]> {
  const counted = contentTypes.filter((type) => type.admin.dashboard?.total || type.admin.dashboard?.published);
  const totals = await Promise.all(
    counted.map(async (type) => {
      const lifecycle = lifecycleOf(type);
      const published = lifecycle
        ? sql<number>`count(*) filter (where ${lifecycle.status} = 'published')`
        : sql<number>`0`;
      const [row] = await db.select({ total: count(), published: published.mapWith(Number) }).from(type.table);
      return { type, total: row?.total ?? 0, published: row?.published ?? 0 };
    }),
  );
  return totals.flatMap(({ type, total, published }) => [
    ...(type.admin.dashboard?.total
      ? [{ label: type.admin.dashboard.total, value: total, icon: type.admin.icon }]
      : []),
    ...(type.admin.dashboard?.published
      ? [{ label: type.admin.dashboard.published, value: published, icon: "CheckCircle2" }]
      : []),
  ]);
}

export function quickActions(): Array<{ to: string; label: string }> {
  return contentTypes.flatMap((type) =>
    type.admin.dashboard?.quickAction
      ? [{ to: `${adminPathOf(type)}/add`, label: type.admin.dashboard.quickAction }]
      : [],
  );
}
