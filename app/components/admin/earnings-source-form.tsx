import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { TokenField } from "#app/components/admin/source-forms";
import { CheckboxField, SelectField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import type { EarningsNetwork } from "#app/db/schema";
import {
  earningsScheduleLabels,
  earningsSchedules,
  earningsSourceForms,
} from "#app/modules/earnings/earnings-settings";

// The form that adds or changes an earnings source on Admin → Earnings: a name, a schedule, how many days
// each run reads again, the account's id and its token, which is stored encrypted and never shown again.

export interface EarningsSourceRow {
  id: string;
  network: EarningsNetwork;
  name: string;
  everyMinutes: number;
  lookBackDays: number;
  enabled: boolean;
  settings: Record<string, unknown>;
  hasToken: boolean;
}

/** Each network's account id and token, as its own pages name them. */
export const earningsNetworkForms: Record<
  EarningsNetwork,
  {
    label: string;
    /** The account's id and token; null for Amazon, whose reports are read with the site's Amazon account. */
    account: { idField: string; idLabel: string; tokenLabel: string; whereFrom: string } | null;
    about: string;
  }
> = {
  awin: {
    label: "Awin",
    account: {
      idField: "publisherId",
      idLabel: "Publisher id",
      tokenLabel: "API token",
      whereFrom: "From Awin's API Credentials page.",
    },
    about:
      "Awin's transactions (sales and leads) with the click reference each link carried, read with your API token.",
  },
  cj: {
    label: "CJ",
    account: {
      idField: "companyId",
      idLabel: "Company id (CID)",
      tokenLabel: "Personal access token",
      whereFrom: "From CJ's developer portal (Personal Access Tokens).",
    },
    about: "CJ's commissions, corrections included, with the SID each link carried, in US dollars.",
  },
  impact: {
    label: "Impact",
    account: {
      idField: "accountSid",
      idLabel: "Account SID",
      tokenLabel: "Auth token",
      whereFrom: "From Impact's Settings → API page.",
    },
    about: "impact.com's actions (sales and leads) with the SubId1 each link carried, read with your account SID.",
  },
  amazon: {
    label: "Amazon",
    account: null,
    about:
      "Amazon's earnings reports, read through the Creators API with the account under Settings → Amazon. Each line goes to the deal or gift idea with its ASIN, and to the placement whose tracking ID it names.",
  },
};

const scheduleOptions = earningsSchedules.map((value) => ({ value, label: earningsScheduleLabels[value] }));

export function EarningsSourceForm({
  network,
  source,
  lastAnswer,
  busy,
}: {
  network: EarningsNetwork;
  source: EarningsSourceRow | null;
  lastAnswer?: { result: SubmissionResult<string[]> | null };
  busy: boolean;
}) {
  const words = earningsNetworkForms[network];
  const [form, fields] = useValidatedForm(earningsSourceForms[network], {
    id: source ? `earnings-source-${source.id}` : `earnings-source-new-${network}`,
    lastResult: lastAnswer?.result,
    defaultValue: source
      ? {
          name: source.name,
          everyMinutes: String(source.everyMinutes),
          lookBackDays: source.lookBackDays,
          enabled: source.enabled,
          settings: source.settings,
        }
      : { name: words.label, everyMinutes: "360", lookBackDays: 90, enabled: true, settings: {} },
    shouldValidate: "onSubmit",
  });
  const settings = fields.settings.getFieldset() as Record<string, Parameters<typeof TextField>[0]["field"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      {source ? (
        <input type="hidden" name="id" value={source.id} />
      ) : (
        <input type="hidden" name="network" value={network} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" />
        <SelectField field={fields.everyMinutes} label="Runs" options={scheduleOptions} />
        {words.account ? (
          <>
            <TextField field={settings[words.account.idField]!} label={words.account.idLabel} autoComplete="off" />
            <TokenField
              field={fields.token}
              label={words.account.tokenLabel}
              stored={source?.hasToken}
              whereFrom={words.account.whereFrom}
            />
          </>
        ) : null}
        <TextField
          field={fields.lookBackDays}
          label="Days read again each run"
          inputMode="numeric"
          hint="Networks move a sale from pending to approved or declined for weeks after it."
        />
        <CheckboxField field={fields.enabled} label="Run on schedule" />
      </div>
      <Button type="submit" disabled={busy}>
        {source ? "Save source" : `Add ${words.label}`}
      </Button>
    </Form>
  );
}
