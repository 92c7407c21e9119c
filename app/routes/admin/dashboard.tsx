import { BookOpen, CheckCircle2, Gift, Plus, Tag, TicketCheck, Zap } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { describeActivity } from "#app/lib/activity";
import { timeAgo } from "#app/lib/relative-time";
import { recentActivity } from "#app/modules/audit/audit.server";
import { contentCounts } from "#app/modules/dashboard/dashboard.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [counts, activity] = await Promise.all([contentCounts(db()), recentActivity(db(), 10)]);
  return { counts, activity };
}

const quickActions = [
  { to: "/admin/deals/add", label: "Add Deal" },
  { to: "/admin/coupons/add", label: "Add Coupon" },
  { to: "/admin/gift-ideas/add", label: "Add Gift Idea" },
];

export default function Dashboard({ loaderData: { counts, activity } }: Route.ComponentProps) {
  const cards = [
    { label: "Total Deals", value: counts.totalDeals, icon: Zap },
    { label: "Published Deals", value: counts.publishedDeals, icon: CheckCircle2 },
    { label: "Total Coupons", value: counts.totalCoupons, icon: Tag },
    { label: "Published Coupons", value: counts.publishedCoupons, icon: TicketCheck },
    { label: "Gift Ideas", value: counts.giftIdeas, icon: Gift },
    { label: "Buying Guides", value: counts.buyingGuides, icon: BookOpen },
  ];
  return (
    <div className="space-y-8">
      <h2 className="text-2xl font-bold">Dashboard</h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className="flex items-center justify-between rounded-xl border border-gray-200 bg-white p-5">
            <div>
              <p className="text-sm text-gray-600">{label}</p>
              <p className="mt-1 text-3xl font-bold" data-testid={`count-${label}`}>
                {value}
              </p>
            </div>
            <Icon className="h-8 w-8 text-brand-500" aria-hidden />
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-gray-200 bg-white p-5">
          <h3 className="mb-4 font-semibold">Quick Actions</h3>
          <div className="flex flex-col gap-2">
            {quickActions.map((action) => (
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
