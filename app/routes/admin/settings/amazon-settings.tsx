import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Shield, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { FormSection } from "#app/components/admin/form-section";
import { submitterOf } from "#app/components/admin/use-required-fields-toast";
import { SelectField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { showToast, useToast } from "#app/components/ui/toaster";
import { type AmazonTrackingIds, readTrackingIds } from "#app/lib/amazon-tracking-ids";
import { readFormData } from "#app/lib/form-data";
import { type Placement, PLACEMENT_LABELS, PLACEMENTS } from "#app/lib/placements";
import { errorToast, successToast } from "#app/lib/toast";
import { testAmazonConnection } from "#app/modules/amazon/amazon-service.server";
import {
  AMAZON_REGIONS,
  amazonSettingsSchema,
  CREDENTIAL_VERSIONS,
  SECRET_REQUIRED,
  TEST_FIELDS_MESSAGE,
  trackingIdsSchema,
} from "#app/modules/amazon/amazon-settings.schema";
import {
  credentialsFromForm,
  loadAmazonSettings,
  MissingSecretError,
  saveAmazonSettings,
  saveAmazonTrackingIds,
} from "#app/modules/amazon/amazon-settings.server";
import { MARKETPLACES } from "#app/modules/amazon/marketplaces";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { logger } from "#app/platform/logger.server";

import type { Route } from "./+types/amazon-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await loadAmazonSettings(context.db, context.appSecret) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "tracking-ids") {
    const submission = parseWithZod(formData, { schema: trackingIdsSchema });
    if (submission.status !== "success")
      return data({ trackingResult: submission.reply(), toast: null, test: null }, { status: 400 });
    await saveAmazonTrackingIds(context.db, admin.user, readTrackingIds(submission.value.trackingIds));
    return { trackingResult: submission.reply(), toast: successToast("Tracking IDs saved"), test: null };
  }
  const { hasSecret, secretUnreadable } = await loadAmazonSettings(context.db, context.appSecret);
  const secretRequired = secretUnreadable ?? SECRET_REQUIRED;
  const submission = parseWithZod(formData, { schema: amazonSettingsSchema(hasSecret, secretRequired) });
  const intent = submission.payload.intent === "test" ? "test" : "save";
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["secretKey"] }),
        toast: intent === "test" ? errorToast(TEST_FIELDS_MESSAGE) : null,
        test: null,
      },
      { status: 400 },
    );
  }
  const input = submission.value;

  if (intent === "test") {
    const credentials = await credentialsFromForm(context.db, input, context.appSecret);
    if (!credentials) {
      return data(
        {
          result: submission.reply({ fieldErrors: { secretKey: [secretRequired] }, hideFields: ["secretKey"] }),
          toast: errorToast(TEST_FIELDS_MESSAGE),
          test: null,
        },
        { status: 400 },
      );
    }
    const test = await testAmazonConnection(credentials, { endpointOverride: context.env.AMAZON_API_ENDPOINT });
    return { result: submission.reply({ hideFields: ["secretKey"] }), toast: null, test };
  }

  try {
    await saveAmazonSettings(context.db, admin.user, input, context.appSecret);
    return {
      result: submission.reply({ hideFields: ["secretKey"] }),
      toast: successToast("Amazon PA API settings saved successfully"),
      test: null,
    };
  } catch (error) {
    if (error instanceof MissingSecretError) {
      return data(
        {
          result: submission.reply({ fieldErrors: { secretKey: [secretRequired] }, hideFields: ["secretKey"] }),
          toast: null,
          test: null,
        },
        { status: 400 },
      );
    }
    logger.error({ err: error }, "saving Amazon settings failed");
    return data(
      {
        result: submission.reply({ hideFields: ["secretKey"] }),
        toast: errorToast("Failed to save settings"),
        test: null,
      },
      { status: 500 },
    );
  }
}

const apiChoices = [
  { value: "creators", label: "Creators API (recommended)" },
  { value: "paapi", label: "PA-API 5.0 (legacy accounts)" },
];

export default function AmazonSettings({ loaderData: { settings }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  useToast(actionData?.toast);
  const [form, fields] = useValidatedForm(
    amazonSettingsSchema(settings.hasSecret, settings.secretUnreadable ?? undefined),
    {
      lastResult: actionData && "result" in actionData ? actionData.result : null,
      defaultValue: { ...settings, secretKey: "" },
    },
  );
  const creators = (fields.api.value ?? settings.api) === "creators";
  const formProps = getFormProps(form);
  const test = actionData?.test;

  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader
        title="Amazon Settings"
        description="Product data (titles, images, prices) for deals and gift ideas from Amazon."
      />
      {test ? (
        <div
          role="status"
          className={
            test.ok
              ? "mb-6 flex items-start gap-2 rounded-lg bg-green-50 p-4 text-green-800"
              : "mb-6 flex items-start gap-2 rounded-lg bg-red-50 p-4 text-red-800"
          }
        >
          {test.ok ? (
            <CheckCircle2 className="mt-0.5 h-5 w-5" aria-hidden />
          ) : (
            <XCircle className="mt-0.5 h-5 w-5" aria-hidden />
          )}
          <div>
            <p className="font-semibold">{test.message}</p>
            {"detail" in test && test.detail ? <p className="text-sm">{test.detail}</p> : null}
          </div>
        </div>
      ) : null}
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // A test stopped by missing fields says so, as the spec's message.
          if (event.defaultPrevented && submitterOf(event)?.value === "test")
            showToast(errorToast(TEST_FIELDS_MESSAGE));
        }}
        className="space-y-6"
      >
        <FormSection title="API Credentials">
          <SelectField field={fields.api} label="API" options={apiChoices} wide />
          <TextField
            field={fields.accessKey}
            label={creators ? "Access key (credential ID)" : "Access key"}
            type="password"
            autoComplete="off"
          />
          <TextField
            field={fields.secretKey}
            label={creators ? "Secret key (credential secret)" : "Secret key"}
            type="password"
            hint={
              settings.hasSecret
                ? `Stored secret ends in ${settings.secretLast4 ?? "····"}. Leave empty to keep it.`
                : (settings.secretUnreadable ?? undefined)
            }
            autoComplete="new-password"
            placeholder={settings.hasSecret ? "••••••••" : ""}
          />
          <TextField field={fields.associateTag} label="Associate tag" placeholder="yourtag-20" />
          <SelectField
            field={fields.marketplace}
            label="Marketplace"
            options={MARKETPLACES.map((m) => ({ value: m.marketplace, label: m.label }))}
          />
          <SelectField
            field={fields.region}
            label="Region"
            hint="PA-API signs requests for the marketplace's own region."
            options={AMAZON_REGIONS.map((region) => ({ value: region, label: region }))}
          />
          {creators ? (
            <SelectField
              field={fields.credentialVersion}
              label="Credential version"
              hint="2.1 North America, 2.2 Europe, 2.3 Far East."
              options={CREDENTIAL_VERSIONS.map((v) => ({ value: v, label: v }))}
            />
          ) : null}
          <TextField
            field={fields.dailyRequestBudget}
            label="Requests a day"
            inputMode="numeric"
            hint="Your account's daily quota (8,640 to begin with). Saved searches stop for the day when it is spent."
          />
        </FormSection>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="submit" name="intent" value="test" variant="outline" disabled={busyIntent != null}>
            {busyIntent === "test" ? "Testing..." : "Test API Connection"}
          </Button>
          <Button type="submit" name="intent" value="save" disabled={busyIntent != null}>
            {busyIntent === "save" ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </Form>
      <TrackingIdsForm
        saved={settings.trackingIds}
        associateTag={settings.associateTag}
        lastResult={actionData && "trackingResult" in actionData ? (actionData.trackingResult ?? null) : null}
        busy={busyIntent === "tracking-ids"}
      />
      <section className="mt-8 space-y-3 rounded-xl border border-gray-200 bg-white p-6 text-sm text-gray-700">
        <h3 className="text-base font-semibold text-gray-900">Setup instructions</h3>
        <ol className="list-decimal space-y-1 pl-5">
          <li>Join Amazon Associates for your marketplace and note your associate (partner) tag.</li>
          <li>
            In Associates Central open Tools → Creators API and create an application to get a credential ID, secret and
            version.
          </li>
          <li>Legacy PA-API accounts: use the access key and secret key from Tools → Product Advertising API.</li>
          <li>Fill in the fields above, test the connection, then save.</li>
        </ol>
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
          <Shield className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Security note: credentials should never be kept in local browser storage in production. DealDash keeps them
          only on the server, with the secret encrypted, and never sends it back to any browser.
        </p>
      </section>
    </div>
  );
}

/**
 * A tracking ID per placement: Amazon links carry no sub-ID, so its earnings reports tell placements apart
 * only by the tracking ID each link carried.
 */
function TrackingIdsForm({
  saved,
  associateTag,
  lastResult,
  busy,
}: {
  saved: AmazonTrackingIds;
  associateTag: string;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useValidatedForm(trackingIdsSchema, {
    id: "tracking-ids",
    lastResult,
    defaultValue: { trackingIds: saved },
  });
  const ids = fields.trackingIds.getFieldset() as Record<Placement, Parameters<typeof TextField>[0]["field"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4">
      <FormSection title="Tracking IDs by placement">
        <p className="text-sm text-gray-600 sm:col-span-2">
          Create tracking IDs in Associates Central (Account settings → Manage tracking IDs), one for each placement you
          want to tell apart, such as site-deals-20 for cards and site-guides-20 for guides. Amazon links in that
          placement then carry it, and imported Amazon earnings are credited to the placement whose ID they name. Leave
          a placement empty to send its links with {associateTag ? <b>{associateTag}</b> : "the associate tag"}.
        </p>
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          {PLACEMENTS.map((placement) => (
            <TextField
              key={placement}
              field={ids[placement]}
              label={PLACEMENT_LABELS[placement]}
              placeholder={associateTag || "site-deals-20"}
              autoComplete="off"
            />
          ))}
        </div>
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" name="intent" value="tracking-ids" disabled={busy}>
          {busy ? "Saving..." : "Save Tracking IDs"}
        </Button>
      </div>
    </Form>
  );
}
