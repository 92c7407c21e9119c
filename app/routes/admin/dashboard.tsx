import { Plus } from "lucide-react";
import { Link } from "react-router";

import { AdminIcon } from "#app/components/admin/admin-icon";
import { DaySparkline } from "#app/components/admin/day-chart";
import { describeActivity } from "#app/lib/activity";
import { formatCount } from "#app/lib/counts";
import { timeAgo } from "#app/lib/relative-time";
import { dayOf } from "#app/modules/analytics/analytics-view";
import { clickSummary } from "#app/modules/analytics/click-analytics.server";
import { recentActivity } from "#app/modules/audit/audit.server";
import { dashboardCards, quickActions } from "#app/modules/catalogue/admin-overview.server";
import { mayAccess } from "#app/modules/users/admin-access";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [cards, activity, clicks] = await Promise.all([
    dashboardCards(context.db),
    recentActivity(context.db, 10),
    clickSummary(context.db, dayOf(new Date())),
  ]);
  return {
    cards,
    actions: quickActions().filter((action) => mayAccess(admin.user.role, "GET", action.to)),
    // A contributor sees the clicks but may not open the analytics.
    opensAnalytics: mayAccess(admin.user.role, "GET", "/admin/analytics"),
    activity,
    clicks,
  };
}

export default function Dashboard({
  loaderData: { cards, actions, opensAnalytics, activity, clicks },
}: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h2 className="text-2xl font-bold">Dashboard</h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ label, value, icon }) => (
          <li key={label} className="flex items-center justify-between rounded-xl border border-gray-200 bg-white p-5">
            <div>
              <p className="text-sm text-gray-600">{label}</p>
              <p className="mt-1 text-3xl font-bold" data-testid={`count-${label}`}>
                {value}
              </p>
            </div>
            <AdminIcon name={icon} className="h-8 w-8 text-brand-500" />
          </li>
        ))}
      </ul>
      <section
        className="grid gap-6 rounded-xl border border-gray-200 bg-white p-5 lg:grid-cols-2"
        aria-labelledby="clicks-30-days"
      >
        <div>
          <div className="flex items-baseline justify-between gap-4">
            <h3 id="clicks-30-days" className="font-semibold">
              Clicks out, last 30 days
            </h3>
            {opensAnalytics && (
              <Link to="/admin/analytics" className="text-sm font-medium text-brand-700 hover:underline">
                Open analytics
              </Link>
            )}
          </div>
          <p className="mt-1 text-3xl font-bold" data-testid="clicks-30-days">
            {formatCount(clicks.total)}
          </p>
          <DaySparkline
            points={clicks.series.map((point) => ({ day: point.day, value: point.clicks, previous: point.previous }))}
            label={`Clicks out per day over the last 30 days: ${formatCount(clicks.total)} in all.`}
          />
        </div>
        <div>
          <h4 className="mb-2 text-sm font-semibold text-gray-700">Top five items</h4>
          {clicks.top.length === 0 ? (
            <p className="text-sm text-gray-600">No clicks in the last 30 days.</p>
          ) : (
            <ol className="space-y-1 text-sm" data-testid="top-five">
              {clicks.top.map((row) => (
                <li key={`${row.kind ?? ""}-${row.value}`} className="flex justify-between gap-4">
                  {row.href ? (
                    <Link to={row.href} className="truncate font-medium text-brand-700 hover:underline">
                      {row.label}
                    </Link>
                  ) : (
                    <span className="truncate">{row.label}</span>
                  )}
                  <span className="shrink-0 tabular-nums text-gray-600">{formatCount(row.clicks)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-gray-200 bg-white p-5">
          <h3 className="mb-4 font-semibold">Quick Actions</h3>
          <div className="flex flex-col gap-2">
            {actions.map((action) => (
              <Link
                key={action.to}
                to={action.to}
                className="flex items-center gap-2 rounded-lg border border-gray-200 px-4 py-3 text-sm font-medium hover:border-brand-500 hover:text-brand-700"
              >
                <Plus className="h-4 w-4" aria-hidden /> {action.label}
              </Link>
            ))}
          </div>
        </section>
        <section className="rounded-xl border border-gray-200 bg-white p-5">
          <h3 className="mb-4 font-semibold">Recent Activity</h3>
          {activity.length === 0 ? (
            <p className="text-sm text-gray-600">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {activity.map((row) => (
                <li key={row.id} className="flex items-start justify-between gap-4 py-2 text-sm">
                  <span>
                    <span className="font-medium">{row.actorEmail ?? "Someone"}</span>{" "}
                    <span className="text-gray-700">{describeActivity(row)}</span>
                  </span>
                  <time dateTime={new Date(row.createdAt).toISOString()} className="shrink-0 text-gray-500">
                    {timeAgo(row.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
