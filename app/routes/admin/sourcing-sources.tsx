import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { CheckboxField, SelectField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { useToast } from "#app/components/ui/toaster";
import { readFormData } from "#app/lib/form-data";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { type FeedField, feedFields } from "#app/modules/sourcing/adapters/feed-settings";
import { sourceLabels } from "#app/modules/sourcing/queue-words";
import {
  awinSourceSchema,
  type ConfigurableKind,
  feedSourceSchema,
  isConfigurableKind,
  scheduleLabels,
  sourceForms,
  sourceSchedules,
} from "#app/modules/sourcing/source.schema";
import {
  deleteSource,
  getSource,
  listSources,
  makeSourceDue,
  saveSource,
  setSourceEnabled,
  SOURCING_JOB,
} from "#app/modules/sourcing/sources.server";
import { requireAdmin } from "#app/platform/auth.server";

import type { Route } from "./+types/sourcing-sources";

// Admin → Sourcing → Sources: what finds candidates, how each run went (last run, next run, candidates
// found, errors, progress while one runs), and the form that adds or changes a feed (ADR 0042).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const editingId = search.get("edit");
  const adding = search.get("add") ?? "feed";
  const sources = await listSources(context.db);
  // The token never leaves the server: the page knows only whether one is stored.
  const shown = sources.map(({ secret, ...source }) => ({ ...source, hasToken: secret !== null }));
  const editing = isUuid(editingId) ? (shown.find((source) => source.id === editingId) ?? null) : null;
  return {
    now: new Date(),
    sources: shown,
    editing,
    adding: (isConfigurableKind(adding) ? adding : "feed") as ConfigurableKind,
  };
}

type Answer = { result: SubmissionResult<string[]> | null; toast: Toast };
const answer = (toast: Toast, result: SubmissionResult<string[]> | null = null, status = 200) =>
  data<Answer>({ result, toast }, { status });
const NO_SUCH = "There is no such source";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "save") {
    const stored = id ? (isUuid(id) ? await getSource(context.db, id) : null) : undefined;
    if (stored === null) return answer(errorToast(NO_SUCH), null, 404);
    const kind = stored?.kind ?? String(form.get("kind"));
    if (!isConfigurableKind(kind)) return answer(errorToast("Choose a kind of source"), null, 400);
    const submission = parseWithZod(form, { schema: sourceForms[kind] });
    if (submission.status !== "success")
      return answer(errorToast("Please correct the highlighted fields"), submission.reply(), 400);
    if (kind === "awin" && !stored && !("token" in submission.value && submission.value.token))
      return answer(
        errorToast("Please correct the highlighted fields"),
        submission.reply({ fieldErrors: { token: ["Enter your Awin API token"] } }),
        400,
      );
    const saved = await saveSource(
      context.db,
      context.appSecret,
      { id: stored?.id, kind },
      submission.value,
      admin.user,
    );
    if (!saved) return answer(errorToast(NO_SUCH), null, 404);
    if (!stored) await context.jobs.runNow(SOURCING_JOB);
    return answer(
      successToast(stored ? "Source saved" : "Source added: its first run has started"),
      submission.reply(),
    );
  }
  if (!isUuid(id) || !(await getSource(context.db, id))) return answer(errorToast(NO_SUCH), null, 404);
  switch (intent) {
    case "run":
      if (!(await makeSourceDue(context.db, id))) return answer(errorToast("Resume the source to run it"));
      await context.jobs.runNow(SOURCING_JOB);
      return answer(successToast("The run has started: refresh to see its progress"));
    case "pause":
    case "resume":
      await setSourceEnabled(context.db, id, intent === "resume");
      if (intent === "resume") await context.jobs.runNow(SOURCING_JOB);
      return answer(successToast(intent === "resume" ? "Source resumed" : "Source paused"));
    case "delete": {
      const deleted = await deleteSource(context.db, id, admin.user);
      return answer(deleted.ok ? successToast("Source deleted") : errorToast(deleted.message));
    }
    default:
      return answer(errorToast("Choose what to do"), null, 400);
  }
}

type SourceRow = Route.ComponentProps["loaderData"]["sources"][number];
type SourceFormProps = { source: SourceRow | null; lastAnswer?: Answer; busy: boolean };

/** A source form's options: its id, the last answer's messages, and the source's values or a new one's. */
function sourceFormOptions(
  { source, lastAnswer }: SourceFormProps,
  kind: ConfigurableKind,
  fresh: Record<string, unknown>,
) {
  return {
    id: source ? `source-${source.id}` : `source-new-${kind}`,
    lastResult: lastAnswer?.result,
    defaultValue: source
      ? {
          name: source.name,
          everyMinutes: String(source.everyMinutes),
          enabled: source.enabled,
          settings: source.settings,
        }
      : fresh,
    shouldValidate: "onSubmit" as const,
  };
}

function FeedSourceForm(props: SourceFormProps) {
  const { source, busy } = props;
  const [form, fields] = useValidatedForm(
    feedSourceSchema,
    sourceFormOptions(props, "feed", {
      everyMinutes: "240",
      enabled: true,
      settings: { kind: "deal", format: "auto", delimiter: "comma" },
    }),
  );
  const settings = fields.settings.getFieldset();
  const mapping = settings.mapping.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <SourceFormHead source={source} kind="feed" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" placeholder="Shop One's offers" />
        <SelectField
          field={fields.everyMinutes}
          label="Runs"
          options={sourceSchedules.map((value) => ({ value, label: scheduleLabels[value] }))}
        />
        <TextField field={settings.url} label="Feed address" type="url" placeholder="https://…/offers.csv" wide />
        <SelectField
          field={settings.kind}
          label="Offers are"
          options={[
            { value: "deal", label: "Deals (products with a price)" },
            { value: "coupon", label: "Coupons and promotions" },
          ]}
        />
        <SelectField
          field={settings.format}
          label="Format"
          options={[
            { value: "auto", label: "Tell from the feed" },
            { value: "csv", label: "CSV" },
            { value: "json", label: "JSON" },
          ]}
        />
        <SelectField
          field={settings.delimiter}
          label="CSV columns separated by"
          options={[
            { value: "comma", label: "Commas" },
            { value: "semicolon", label: "Semicolons" },
            { value: "tab", label: "Tabs" },
            { value: "pipe", label: "Bars (|)" },
          ]}
        />
        <TextField
          field={settings.itemsPath}
          label="JSON: where the list of offers is"
          placeholder="data.offers"
          hint="Empty when the document is the list."
        />
        <TextField
          field={settings.store}
          label="Store of every offer"
          hint="For a feed of one store's offers; else map a column to Store."
        />
        <CheckboxField field={fields.enabled} label="Run on schedule" />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">
          Columns: the feed&apos;s column (or JSON key, dotted for nested ones) for each part of an offer
        </legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {(Object.keys(feedFields) as FeedField[]).map((field) => (
            <TextField key={field} field={mapping[field]} label={feedFields[field]} />
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={busy}>
        {source ? "Save source" : "Add feed"}
      </Button>
    </Form>
  );
}

/** What every source form posts besides its fields: what to do, and which source or kind it is. */
function SourceFormHead({ source, kind }: { source: SourceRow | null; kind: ConfigurableKind }) {
  return (
    <>
      <input type="hidden" name="intent" value="save" />
      {source ? <input type="hidden" name="id" value={source.id} /> : <input type="hidden" name="kind" value={kind} />}
    </>
  );
}

function AwinSourceForm(props: SourceFormProps) {
  const { source, busy } = props;
  const [form, fields] = useValidatedForm(
    awinSourceSchema,
    sourceFormOptions(props, "awin", {
      name: "Awin",
      everyMinutes: "60",
      enabled: true,
      settings: { membership: "joined", type: "all" },
    }),
  );
  const settings = fields.settings.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <SourceFormHead source={source} kind="awin" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" />
        <SelectField
          field={fields.everyMinutes}
          label="Runs"
          options={sourceSchedules.map((value) => ({ value, label: scheduleLabels[value] }))}
        />
        <TextField field={settings.publisherId} label="Publisher id" inputMode="numeric" />
        <TextField
          field={fields.token}
          label="API token"
          type="password"
          autoComplete="off"
          hint={
            source?.hasToken
              ? "A token is stored, encrypted. Leave this empty to keep it."
              : "From Awin's API Credentials page. Stored encrypted, never shown again."
          }
        />
        <SelectField
          field={settings.membership}
          label="Advertisers"
          options={[
            { value: "joined", label: "Those you have joined" },
            { value: "all", label: "All, joined or not" },
          ]}
        />
        <SelectField
          field={settings.type}
          label="Offers"
          options={[
            { value: "all", label: "Vouchers and promotions" },
            { value: "voucher", label: "Vouchers (with a code)" },
            { value: "promotion", label: "Promotions (no code)" },
          ]}
        />
        <TextField field={settings.regionCodes} label="Regions" placeholder="GB, IE" hint="Empty for every region." />
        <CheckboxField field={fields.enabled} label="Run on schedule" />
      </div>
      <Button type="submit" disabled={busy}>
        {source ? "Save source" : "Add Awin"}
      </Button>
    </Form>
  );
}

function LastRun({ source, now }: { source: SourceRow; now: Date }) {
  if (source.progress) return <p className="font-medium text-brand-700">Running: {source.progress}</p>;
  if (!source.lastFinishedAt) return <p>Not run yet</p>;
  return (
    <>
      <p>
        <time dateTime={source.lastFinishedAt.toISOString()}>{timeAgo(source.lastFinishedAt, now)}</time>:{" "}
        {source.lastFound === 1 ? "1 new candidate" : `${source.lastFound ?? 0} new candidates`}
      </p>
      {source.lastError ? (
        <p className="text-red-700" role="status">
          {source.lastError}
        </p>
      ) : null}
    </>
  );
}

export default function SourcingSources({
  loaderData: { now, sources, editing, adding },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  useToast(actionData?.toast);
  return (
    <div className="min-w-0 space-y-8">
      <AdminPageHeader
        title="Sources"
        description="Where candidates come from. Each run lands the offers it finds in the review queue, once each; offers a feed no longer lists leave the queue. Nothing is published without your review."
        back={{ to: "/admin/sourcing", label: "Back to the review queue" }}
      />
      {sources.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">
          No sources yet. Shoppers&apos; tips arrive without one; add a feed below.
        </p>
      ) : (
        <AdminTable
          headings={[
            { label: "Source" },
            { label: "Schedule" },
            { label: "Last run" },
            { label: "Next run" },
            { label: "Actions", hidden: true },
          ]}
        >
          {sources.map((source) => (
            <tr key={source.id} className="border-t border-gray-100 align-top" data-testid="source-row">
              <td className="px-4 py-3">
                <p className="font-medium text-gray-900">{source.name}</p>
                <p className="text-gray-600">{sourceLabels[source.kind]}</p>
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Schedule">
                {source.enabled
                  ? (scheduleLabels[String(source.everyMinutes) as keyof typeof scheduleLabels] ??
                    `Every ${source.everyMinutes} minutes`)
                  : "Paused"}
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Last run">
                <LastRun source={source} now={now} />
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Next run">
                {source.enabled && source.nextRunAt ? (
                  <time dateTime={source.nextRunAt.toISOString()}>{timeAgo(source.nextRunAt, now)}</time>
                ) : (
                  "—"
                )}
              </td>
              <td className="px-4 py-3">
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={source.id} />
                  <Button type="submit" name="intent" value="run" size="sm" disabled={busy || !source.enabled}>
                    Run now
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value={source.enabled ? "pause" : "resume"}
                    size="sm"
                    variant="outline"
                    disabled={busy}
                  >
                    {source.enabled ? "Pause" : "Resume"}
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`?edit=${source.id}`}>Edit</Link>
                  </Button>
                  <Button type="submit" name="intent" value="delete" size="sm" variant="ghost" disabled={busy}>
                    Delete
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <section className="space-y-4 rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="source-form">
        <h2 id="source-form" className="text-lg font-semibold">
          {editing ? `Edit ${editing.name}` : adding === "awin" ? "Add Awin" : "Add a feed"}
        </h2>
        {editing ? null : (
          <nav aria-label="Kinds of source" className="flex gap-3 text-sm">
            <Link
              to="?add=feed"
              className="font-medium text-brand-700 hover:underline"
              aria-current={adding === "feed" ? "page" : undefined}
            >
              A CSV or JSON feed
            </Link>
            <Link
              to="?add=awin"
              className="font-medium text-brand-700 hover:underline"
              aria-current={adding === "awin" ? "page" : undefined}
            >
              Awin offers
            </Link>
          </nav>
        )}
        <p className="text-sm text-gray-600">
          {(editing?.kind ?? adding) === "awin"
            ? "The vouchers and promotions of Awin's advertisers, read with your API token. Offers Awin stops listing leave the queue."
            : "A CSV or JSON address any network or aggregator exports. Name the feed's column for each part of an offer; a title and an address are needed, the rest as the feed has them."}
        </p>
        {(editing?.kind ?? adding) === "awin" ? (
          <AwinSourceForm key={editing?.id ?? "new-awin"} source={editing} lastAnswer={actionData} busy={busy} />
        ) : (
          <FeedSourceForm key={editing?.id ?? "new"} source={editing} lastAnswer={actionData} busy={busy} />
        )}
      </section>
    </div>
  );
}
