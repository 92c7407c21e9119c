import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import { z } from "zod";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { CsvImportDialog } from "#app/components/admin/csv-import-dialog";
import { CurrencyRatesSection } from "#app/components/admin/currency-rates-section";
import { EarningsReportMapping } from "#app/components/admin/earnings-report-mapping";
import { earningsNetworkForms, EarningsSourceForm } from "#app/components/admin/earnings-source-form";
import { ScheduledSourcesTable, SourceKindsNav } from "#app/components/admin/scheduled-sources-table";
import { useToast } from "#app/components/ui/toaster";
import { type EarningsNetwork, earningsNetworks, type EarningsRunCounts } from "#app/db/schema";
import { formatCount } from "#app/lib/counts";
import { readFormData } from "#app/lib/form-data";
import { plainNumber, siteMoney } from "#app/lib/money";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { text } from "#app/lib/validation";
import { loadAmazonCredentials } from "#app/modules/amazon/amazon-settings.server";
import { currencyRatesSummary, setFixedRate } from "#app/modules/earnings/currency-rates.server";
import { earningsNetworkNames } from "#app/modules/earnings/earnings-csv.server";
import { earningsScheduleLabels, earningsSourceForms } from "#app/modules/earnings/earnings-settings";
import {
  deleteEarningsSource,
  EARNINGS_JOB,
  getEarningsSource,
  listEarningsSources,
  makeEarningsSourceDue,
  saveEarningsSource,
  setEarningsSourceEnabled,
} from "#app/modules/earnings/earnings-sources.server";
import { scheduledSourceIntent, sourcePageAnswer } from "#app/modules/jobs/scheduled-source-intents.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/earnings";

// Admin → Earnings: the network accounts whose transactions are imported on a schedule, how each run went
// (last run, next run, what it added, updated and left unattributed, errors, progress while one runs), and
// the form that adds or changes one (docs/earnings.md).

const isNetwork = (value: string | null): value is EarningsNetwork =>
  (earningsNetworks as readonly string[]).includes(value ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const editingId = search.get("edit");
  const adding = search.get("add");
  // The token never leaves the server: the page knows only whether one is stored.
  const sources = (await listEarningsSources(context.db)).map(({ secret, ...source }) => ({
    ...source,
    hasToken: secret !== null,
  }));
  return {
    now: new Date(),
    sources,
    networks: await earningsNetworkNames(context.db),
    rates: await currencyRatesSummary(context.db),
    currency: siteMoney().currency,
    editing: isUuid(editingId) ? (sources.find((source) => source.id === editingId) ?? null) : null,
    adding: isNetwork(adding) ? adding : "awin",
  };
}

const NO_SUCH = "There is no such source";

/** A fixed rate: 1 unit of `currency` in the site's currency; an empty rate removes it. */
const fixedRateSchema = z.object({
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "Enter a three-letter currency code")
    .transform((code) => code.toUpperCase()),
  rate: text()
    .trim()
    .transform((rate) => (rate === "" ? null : Number(plainNumber(rate) ?? Number.NaN)))
    .pipe(z.number({ error: "Enter the rate as a number" }).positive("Enter a rate above 0").lt(1e9).nullable()),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "rate") {
    const rate = fixedRateSchema.safeParse(Object.fromEntries(form));
    if (!rate.success) return sourcePageAnswer(errorToast(rate.error.issues[0]!.message), null, 400);
    const problem = await setFixedRate(context.db, rate.data.currency, rate.data.rate, admin.user);
    if (problem) return sourcePageAnswer(errorToast(`${problem}.`), null, 400);
    return sourcePageAnswer(
      successToast(rate.data.rate === null ? "Fixed rate removed" : "Rate saved: transactions converted"),
      null,
    );
  }
  if (intent === "save") {
    const stored = id ? (isUuid(id) ? await getEarningsSource(context.db, id) : null) : undefined;
    if (stored === null) return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
    const network = stored?.network ?? String(form.get("network"));
    if (!isNetwork(network)) return sourcePageAnswer(errorToast("Choose a network"), null, 400);
    const submission = parseWithZod(form, { schema: earningsSourceForms[network] });
    if (submission.status !== "success")
      return sourcePageAnswer(errorToast("Please correct the highlighted fields"), submission.reply(), 400);
    const account = earningsNetworkForms[network].account;
    if (account && !stored && !submission.value.token)
      return sourcePageAnswer(
        errorToast("Please correct the highlighted fields"),
        submission.reply({ fieldErrors: { token: [`Enter your ${account.tokenLabel}`] } }),
        400,
      );
    if (network === "amazon") {
      const amazon = await loadAmazonCredentials(context.db, context.appSecret);
      const problem = !amazon
        ? "Set up Amazon first: add your keys under Settings → Amazon"
        : amazon.api !== "creators"
          ? "Amazon's earnings reports need the Creators API: choose it under Settings → Amazon"
          : null;
      if (problem) return sourcePageAnswer(errorToast(problem), submission.reply(), 400);
    }
    const saved = await saveEarningsSource(
      context.db,
      context.appSecret,
      { id: stored?.id, network },
      submission.value,
      admin.user,
    );
    if (!saved) return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
    if (!stored) await context.jobs.runNow(EARNINGS_JOB);
    return sourcePageAnswer(
      successToast(stored ? "Source saved" : "Source added: its first import has started"),
      submission.reply(),
    );
  }
  if (!isUuid(id) || !(await getEarningsSource(context.db, id)))
    return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
  return scheduledSourceIntent(
    intent,
    id,
    {
      job: EARNINGS_JOB,
      makeDue: (sourceId) => makeEarningsSourceDue(context.db, sourceId),
      setEnabled: (sourceId, enabled) => setEarningsSourceEnabled(context.db, sourceId, enabled),
      remove: async (sourceId) => {
        await deleteEarningsSource(context.db, sourceId, admin.user);
        return { ok: true, message: "Source deleted: the transactions it imported stay" };
      },
    },
    context.jobs,
  );
}

/** What a run did, in words: "2 new, 1 updated, 1 unattributed". */
function countsInWords(counts: EarningsRunCounts): string {
  const parts = [`${formatCount(counts.added)} new`, `${formatCount(counts.updated)} updated`];
  if (counts.unattributed > 0) parts.push(`${formatCount(counts.unattributed)} unattributed`);
  return parts.join(", ");
}

export default function Earnings({
  loaderData: { now, sources, networks, rates, currency, editing, adding },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  useToast(actionData?.toast);
  const network = editing?.network ?? adding;
  return (
    <div className="min-w-0 space-y-8">
      <AdminPageHeader
        title="Earnings"
        description="The network accounts whose transactions DealDash imports, each joined to the click that earned it by the click id its link carried."
        back={{ to: "/admin/analytics", label: "Back to analytics" }}
        actions={
          <CsvImportDialog
            path="/admin/earnings/csv"
            noun="a network's transactions"
            trigger="Upload a report"
            about="Any network's transactions report, as its CSV export: choose which column holds what. A transaction already imported (same network and ID) is updated, never counted twice."
            options={(file, onQuery) => (
              <EarningsReportMapping
                key={`${file.name}:${file.size}:${file.lastModified}`}
                file={file}
                networks={networks}
                currency={currency}
                onQuery={onQuery}
              />
            )}
          />
        }
      />
      <ScheduledSourcesTable
        sources={sources}
        empty="No earnings sources yet: add a network account below."
        rowTestId="earnings-source-row"
        kindOf={(source) => earningsNetworkForms[source.network].label}
        scheduleLabels={earningsScheduleLabels}
        scheduleNote={(source) => (
          <p className="text-gray-600">Reads the last {formatCount(source.lookBackDays)} days again</p>
        )}
        summary={(source) => (source.lastCounts ? `: ${countsInWords(source.lastCounts)}` : null)}
        now={now}
        busy={busy}
      />
      <CurrencyRatesSection rates={rates} currency={currency} busy={busy} />
      <section
        className="space-y-4 rounded-xl border border-gray-200 bg-white p-6"
        aria-labelledby="earnings-source-form"
      >
        <h2 id="earnings-source-form" className="text-lg font-semibold">
          {editing ? `Edit ${editing.name}` : `Add ${earningsNetworkForms[network].label}`}
        </h2>
        {editing ? null : (
          <SourceKindsNav
            label="Networks"
            kinds={earningsNetworks.map((offered) => [offered, earningsNetworkForms[offered].label])}
            current={network}
          />
        )}
        <p className="text-sm text-gray-600">{earningsNetworkForms[network].about}</p>
        <EarningsSourceForm
          key={editing?.id ?? `new-${network}`}
          network={network}
          source={editing}
          lastAnswer={actionData}
          busy={busy}
        />
      </section>
    </div>
  );
}
