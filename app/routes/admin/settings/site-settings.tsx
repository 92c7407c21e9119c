import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { SelectField } from "#app/components/ui/select";
import { formatDateTime, siteTimeZone } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { formatPrice } from "#app/lib/money";
import { errorToast, successToast } from "#app/lib/toast";
import { siteMoneySchema } from "#app/modules/site-settings/money.schema";
import { readSiteMoney, saveSiteMoney } from "#app/modules/site-settings/money.server";
import { saveSiteTimeZone } from "#app/modules/site-settings/time-zone.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import { toastAnswer } from "../content/list.server";
import type { Route } from "./+types/site-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    // The runtime's zones, with UTC (which it does not list) first.
    zones: ["UTC", ...Intl.supportedValuesOf("timeZone")],
    currencies: Intl.supportedValuesOf("currency"),
    money: await readSiteMoney(context.db),
    now: new Date(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "money") {
    const parsed = siteMoneySchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
    const { currency, locale, euPriceRules } = parsed.data;
    const rules = euPriceRules === "auto" ? null : euPriceRules === "on";
    await saveSiteMoney(context.db, { currency, locale, euPriceRules: rules }, admin.user);
    return toastAnswer(successToast(`Currency saved: ${currency} (${locale})`));
  }
  const zone = String(form.get("timeZone") ?? "");
  if (!(await saveSiteTimeZone(context.db, zone, admin.user)))
    return toastAnswer(errorToast("Choose a time zone from the list"));
  return toastAnswer(successToast(`Time zone saved: ${zone}`));
}

const moneySources = {
  owner: "Chosen here.",
  amazon: "Taken from your Amazon marketplace until you choose here.",
  default: "US dollars until you choose here or pick an Amazon marketplace.",
};

export default function SiteSettings({ loaderData: { zones, currencies, money, now } }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const zone = siteTimeZone();
  // A zone the browser named by another spelling is offered as it was saved.
  const offered = zones.includes(zone) ? zones : [zone, ...zones];
  const euChoice = money.euPriceRulesChosen === null ? "auto" : money.euPriceRulesChosen ? "on" : "off";
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <section className="space-y-4">
        <AdminPageHeader
          title="Time zone"
          description="Schedules are typed in this zone, and every date on the site and in the admin is shown in it. Your first sign-in set it from your browser."
        />
        <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
          <SelectField
            label="Time zone"
            className="max-w-sm"
            name="timeZone"
            defaultValue={zone}
            key={zone}
            options={offered.map((value) => ({ value, label: value.replaceAll("_", " ") }))}
          />
          <p className="text-sm text-gray-600" data-testid="time-now">
            It is now {formatDateTime(now)} there.
          </p>
          <Button type="submit" disabled={busy}>
            Save time zone
          </Button>
        </Form>
      </section>
      <section className="space-y-4">
        <AdminPageHeader
          title="Currency"
          description="Every price on the site, in feeds, mail, webhooks, CSV files and search engines' markup is in this currency, written as this locale writes it."
        />
        <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
          <input type="hidden" name="intent" value="money" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Currency"
              name="currency"
              defaultValue={money.currency}
              key={money.currency}
              options={currencies.map((code) => ({ value: code, label: code }))}
            />
            <label className="flex flex-col gap-1.5 text-sm">
              <span className="font-medium text-gray-900">Locale</span>
              <Input name="locale" defaultValue={money.locale} key={money.locale} placeholder="en-US" />
            </label>
          </div>
          <SelectField
            label="EU price rules"
            className="max-w-sm"
            name="euPriceRules"
            defaultValue={euChoice}
            key={euChoice}
            options={[
              { value: "auto", label: "On for EU currencies" },
              { value: "on", label: "Always on" },
              { value: "off", label: "Off" },
            ]}
          >
            <span className="text-gray-600">
              With the rules on, a reduction is shown only against the lowest price of the 30 days before it.
            </span>
          </SelectField>
          <p className="text-sm text-gray-600" data-testid="money-example">
            {`${moneySources[money.source]} A price reads ${formatPrice(1234.5)}.`}
          </p>
          <Button type="submit" disabled={busy}>
            Save currency
          </Button>
        </Form>
      </section>
    </div>
  );
}
