import { Form, Link, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { Button } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/select";
import { auditActionLabels, describeActivity, whoActed } from "#app/lib/activity";
import { formatDateTime } from "#app/lib/dates";
import { activitySearch, NO_PERSON, readActivityView } from "#app/modules/audit/activity";
import { activityPage, activityTypes } from "#app/modules/audit/activity.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { teamMembers } from "#app/modules/users/team.server";

import type { Route } from "./+types/activity";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = readActivityView(
    new URL(request.url).searchParams,
    activityTypes.map((type) => type.value),
  );
  const [page, { members }] = await Promise.all([activityPage(context.db, view), teamMembers(context.db)]);
  return {
    view,
    rows: page.rows,
    nextSearch: page.next ? activitySearch({ ...view, before: page.next }) : null,
    people: [
      ...members.map((member) => ({ value: member.id, label: member.email })),
      { value: NO_PERSON, label: "Jobs (no person)" },
    ],
    types: activityTypes.map(({ value, label }) => ({ value, label })),
  };
}

const actionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

export default function Activity({ loaderData: { view, rows, nextSearch, people, types } }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const filters = [
    { name: "person", label: "Person", className: "w-60", placeholder: "Everyone", options: people },
    { name: "type", label: "Type", className: "w-44", placeholder: "Every type", options: types },
    { name: "action", label: "Action", className: "w-44", placeholder: "Every action", options: actionOptions },
  ] as const;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title="Activity" description="Who did what in the admin, newest first." />
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4">
        {filters.map((filter) => (
          <SelectField key={filter.name} {...filter} defaultValue={view[filter.name] ?? ""} />
        ))}
        <Button type="submit" variant="outline" disabled={busy}>
          Filter
        </Button>
        {view.person || view.type || view.action ? (
          <Link to="." className="pb-2 text-sm font-medium text-brand-700 hover:underline">
            Show everything
          </Link>
        ) : null}
      </Form>
      <section className="rounded-xl border border-gray-200 bg-white" aria-label="Activity">
        {rows.length === 0 ? (
          <p className="px-5 py-10 text-center text-gray-600">Nothing matches these filters.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap gap-x-4 gap-y-1 px-5 py-3 text-sm" data-testid="activity-row">
                <time className="w-44 shrink-0 text-gray-500" dateTime={new Date(row.createdAt).toISOString()}>
                  {formatDateTime(row.createdAt)}
                </time>
                <span className="w-56 shrink-0 truncate text-gray-700">{whoActed(row)}</span>
                <span className="min-w-0 flex-1 text-gray-900">
                  {row.href ? (
                    <Link to={row.href} className="text-brand-700 hover:underline">
                      {describeActivity(row)}
                    </Link>
                  ) : (
                    describeActivity(row)
                  )}
                </span>
                {row.revisionsHref ? (
                  <Link to={row.revisionsHref} className="shrink-0 text-brand-700 hover:underline">
                    Revisions
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {nextSearch ? (
        <Link to={`?${nextSearch}`} className="inline-block font-medium text-brand-700 hover:underline">
          Older activity
        </Link>
      ) : null}
    </div>
  );
}
