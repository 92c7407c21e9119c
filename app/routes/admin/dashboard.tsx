import { Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminIcon } from "#app/components/admin/admin-icon";
import { requireAdmin } from "#app/platform/auth.server";
import { describeActivity } from "#app/lib/activity";
import { timeAgo } from "#app/lib/relative-time";
import { recentActivity } from "#app/modules/audit/audit.server";
import { dashboardCards, quickActions } from "#app/modules/content-types/admin-overview.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [cards, activity] = await Promise.all([dashboardCards(context.db), recentActivity(context.db, 10)]);
  return { cards, actions: quickActions(), activity };
}

export default function Dashboard({ loaderData: { cards, actions, activity } }: Route.ComponentProps) {
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
                    <span className="font-medium">{row.actorEmail ?? "Someone"}</span> <span className="text-gray-700">{describeActivity(row)}</span>
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
