import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { PreviousNextPager } from "#app/components/admin/previous-next-pager";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { SelectField } from "#app/components/ui/select";
import { countLabel } from "#app/lib/counts";
import { formatDate } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, infoToast, successToast } from "#app/lib/toast";
import { recordAudit } from "#app/modules/audit/audit.server";
import { wakeMailSender } from "#app/modules/mail/outbox.server";
import { digestMessage, isEmptyDigest, queueDigest, readDigest } from "#app/modules/newsletter/digest.server";
import { digestSchedule, setDigestSchedule } from "#app/modules/newsletter/digest-schedule.server";
import { readSubscriberFilters, subscribersPage } from "#app/modules/newsletter/subscribers.server";
import { AUDIENCE_FIGURE_MIN } from "#app/modules/site-stats/public-figures";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/newsletter";
import { toastAnswer } from "./content/list.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readSubscriberFilters(new URL(request.url).searchParams);
  const [list, digest, schedule] = await Promise.all([
    subscribersPage(context.db, filters),
    readDigest(context.db),
    digestSchedule(context.db),
  ]);
  // The preview is the message a reader gets, with a placeholder in place of their own unsubscribe link.
  const preview = digestMessage(context, digest, {
    id: "00000000-0000-4000-8000-000000000000",
    email: "reader@example.com",
  });
  return {
    filters,
    ...list,
    schedule,
    preview: { subject: preview.subject, html: preview.html },
    digestEmpty: isEmptyDigest(digest),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "schedule") {
    const schedule = form.get("schedule") === "off" ? "off" : "weekly";
    await setDigestSchedule(context.db, schedule);
    await recordAudit(context.db, {
      action: "newsletter",
      actor: admin.user,
      entity: "newsletter",
      detail: { schedule },
    });
    return toastAnswer(
      successToast(schedule === "off" ? "The weekly digest is off" : "The digest goes out every Monday at 09:00 UTC"),
    );
  }
  if (form.get("intent") !== "send-digest") return toastAnswer(errorToast("There is no such action"));
  const digest = await readDigest(context.db);
  if (isEmptyDigest(digest))
    return toastAnswer(errorToast("Nothing new was published this week: there is no digest to send"));
  const written = await queueDigest(context.db, context, digest, new Date());
  await recordAudit(context.db, {
    action: "newsletter",
    actor: admin.user,
    entity: "newsletter",
    detail: { sentDigestTo: written },
  });
  wakeMailSender(context.jobs);
  return toastAnswer(
    written
      ? successToast(`Digest written to ${written} ${written === 1 ? "reader" : "readers"}`)
      : infoToast("No confirmed readers yet"),
  );
}

const stateWords = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
} as const;

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { filters, rows, hasNext, counts, schedule, preview, digestEmpty } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "send-digest";
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Newsletter"
        description={`${countLabel(counts.confirmed, "confirmed reader", "confirmed readers")}, ${countLabel(counts.pending, "address", "addresses")} waiting for confirmation, ${countLabel(counts.unsubscribed, "unsubscribed", "unsubscribed")}. Addresses join by double opt-in; unconfirmed ones are deleted after 7 days. The home page shows the number of readers once it reaches ${AUDIENCE_FIGURE_MIN}.`}
      />

      <section aria-labelledby="digest-heading" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
        <h2 id="digest-heading" className="text-lg font-semibold">
          Weekly digest
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="schedule" />
            <SelectField
              label="Schedule"
              name="schedule"
              defaultValue={schedule}
              options={[
                { value: "weekly", label: "Every Monday at 09:00 UTC" },
                { value: "off", label: "Off (send it myself)" },
              ]}
            />
            <Button type="submit" variant="outline">
              Save schedule
            </Button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => !confirm("Send this digest to every confirmed reader now?") && event.preventDefault()}
          >
            <input type="hidden" name="intent" value="send-digest" />
            <Button type="submit" disabled={digestEmpty || sending}>
              {sending ? "Sending..." : "Send digest now"}
            </Button>
          </Form>
        </div>
        {digestEmpty ? (
          <p className="text-sm text-gray-600">
            Nothing new was published in the last 7 days, so there is no digest this week.
          </p>
        ) : (
          <div>
            <p className="mb-2 text-sm text-gray-600">
              Preview: <span className="font-medium text-gray-900">{preview.subject}</span>
            </p>
            <iframe
              title="Digest preview"
              sandbox=""
              srcDoc={preview.html}
              className="h-96 w-full rounded-lg border border-gray-200"
            />
          </div>
        )}
      </section>

      <section aria-labelledby="readers-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="readers-heading" className="text-lg font-semibold">
            Subscribers
          </h2>
          <a href="/admin/newsletter/csv" className="text-sm font-medium text-brand-700 hover:underline" download>
            Export CSV
          </a>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-gray-700">Search by address</span>
            <Input type="search" name="q" defaultValue={filters.q} placeholder="name@example.com" />
          </label>
          <SelectField
            label="State"
            name="state"
            defaultValue={filters.state ?? ""}
            options={[
              { value: "", label: "All states" },
              ...Object.entries(stateWords).map(([value, label]) => ({ value, label })),
            ]}
          />
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </Form>
        {rows.length === 0 ? (
          <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">No subscribers match.</p>
        ) : (
          <AdminTable headings={[{ label: "Email" }, { label: "State" }, { label: "Subscribed" }]}>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-100" data-testid="subscriber-row">
                <td className="px-4 py-3 text-gray-900">{row.email}</td>
                <td className="px-4 py-3 text-gray-700" data-label="State">
                  {stateWords[row.state]}
                </td>
                <td className="px-4 py-3 text-gray-700" data-label="Subscribed">
                  {formatDate(row.createdAt)}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        <PreviousNextPager page={filters.page} hasNext={hasNext} />
      </section>
    </div>
  );
}
