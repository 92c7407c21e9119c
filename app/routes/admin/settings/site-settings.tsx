import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { formatDateTime, siteTimeZone } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { saveSiteTimeZone } from "#app/modules/site-settings/time-zone.server";
import { requireAdmin } from "#app/platform/auth.server";

import { toastAnswer } from "../content/list.server";
import type { Route } from "./+types/site-settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // The runtime's zones, with UTC (which it does not list) first.
  return { zones: ["UTC", ...Intl.supportedValuesOf("timeZone")], now: new Date() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const zone = String((await readFormData(request)).get("timeZone") ?? "");
  if (!(await saveSiteTimeZone(context.db, zone, admin.user)))
    return toastAnswer(errorToast("Choose a time zone from the list"));
  return toastAnswer(successToast(`Time zone saved: ${zone}`));
}

export default function SiteSettings({ loaderData: { zones, now } }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const zone = siteTimeZone();
  // A zone the browser named by another spelling is offered as it was saved.
  const offered = zones.includes(zone) ? zones : [zone, ...zones];
  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader
        title="Time zone"
        description="Schedules are typed in this zone, and every date on the site and in the admin is shown in it. Your first sign-in set it from your browser."
      />
      <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
        <label className="flex max-w-sm flex-col gap-1.5 text-sm">
          <span className="font-medium text-gray-900">Time zone</span>
          <Select
            name="timeZone"
            defaultValue={zone}
            key={zone}
            options={offered.map((value) => ({ value, label: value.replaceAll("_", " ") }))}
          />
        </label>
        <p className="text-sm text-gray-600" data-testid="time-now">
          It is now {formatDateTime(now)} there.
        </p>
        <Button type="submit" disabled={busy}>
          Save time zone
        </Button>
      </Form>
    </div>
  );
}
