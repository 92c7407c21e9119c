import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentType } from "react";
import { useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ScheduledSourcesTable, SourceKindsNav } from "#app/components/admin/scheduled-sources-table";
import {
  AmazonSourceForm,
  AwinSourceForm,
  FeedSourceForm,
  ImpactSourceForm,
  type SourceFormProps,
} from "#app/components/admin/source-forms";
import { useToast } from "#app/components/ui/toaster";
import { formatCount } from "#app/lib/counts";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { amazonUsageToday } from "#app/modules/amazon/amazon-usage.server";
import { scheduledSourceIntent, sourcePageAnswer } from "#app/modules/jobs/scheduled-source-intents.server";
import { autoPublishedToday } from "#app/modules/sourcing/auto-publish.server";
import { sourceLabels } from "#app/modules/sourcing/queue-words";
import {
  type ConfigurableKind,
  isConfigurableKind,
  scheduleLabels,
  sourceForms,
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
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/sourcing-sources";

// Admin → Sourcing → Sources: what finds candidates, how each run went (last run, next run, candidates
// found, errors, progress while one runs), and the form that adds or changes a feed (ADR 0042).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const editingId = search.get("edit");
  const adding = search.get("add") ?? "feed";
  const sources = await listSources(context.db);
  // The day's Amazon requests matter only to a site with saved searches.
  const amazon = sources.some((source) => source.kind === "amazon") ? await amazonUsageToday(context.db) : null;
  // The token never leaves the server: the page knows only whether one is stored.
  const shown = sources.map(({ secret, ...source }) => ({
    ...source,
    hasToken: secret !== null,
    autoPublishedToday: autoPublishedToday(source),
  }));
  const editing = isUuid(editingId) ? (shown.find((source) => source.id === editingId) ?? null) : null;
  return {
    now: new Date(),
    sources: shown,
    amazon,
    editing,
    adding: (isConfigurableKind(adding) ? adding : "feed") as ConfigurableKind,
  };
}

const NO_SUCH = "There is no such source";
/** The kinds whose own token a new source needs, and what an empty one says. */
const tokenRequired: Partial<Record<ConfigurableKind, string>> = {
  awin: "Enter your Awin API token",
  impact: "Enter your Impact auth token",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "save") {
    const stored = id ? (isUuid(id) ? await getSource(context.db, id) : null) : undefined;
    if (stored === null) return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
    const kind = stored?.kind ?? String(form.get("kind"));
    if (!isConfigurableKind(kind)) return sourcePageAnswer(errorToast("Choose a kind of source"), null, 400);
    const submission = parseWithZod(form, { schema: sourceForms[kind] });
    if (submission.status !== "success")
      return sourcePageAnswer(errorToast("Please correct the highlighted fields"), submission.reply(), 400);
    const tokenNeeded = tokenRequired[kind];
    if (tokenNeeded && !stored && !("token" in submission.value && submission.value.token))
      return sourcePageAnswer(
        errorToast("Please correct the highlighted fields"),
        submission.reply({ fieldErrors: { token: [tokenNeeded] } }),
        400,
      );
    const saved = await saveSource(
      context.db,
      context.appSecret,
      { id: stored?.id, kind },
      submission.value,
      admin.user,
    );
    if (!saved) return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
    if (!stored) await context.jobs.runNow(SOURCING_JOB);
    return sourcePageAnswer(
      successToast(stored ? "Source saved" : "Source added: its first run has started"),
      submission.reply(),
    );
  }
  if (!isUuid(id) || !(await getSource(context.db, id))) return sourcePageAnswer(errorToast(NO_SUCH), null, 404);
  return scheduledSourceIntent(
    intent,
    id,
    {
      job: SOURCING_JOB,
      makeDue: (sourceId) => makeSourceDue(context.db, sourceId),
      setEnabled: (sourceId, enabled) => setSourceEnabled(context.db, sourceId, enabled),
      remove: async (sourceId) => {
        const deleted = await deleteSource(context.db, sourceId, admin.user);
        return deleted.ok ? { ok: true, message: "Source deleted" } : deleted;
      },
    },
    context.jobs,
  );
}

/** Each kind the owner adds: its link, heading, what it does, and its form. */
const kindsOffered: Record<
  ConfigurableKind,
  { link: string; heading: string; about: string; Form: ComponentType<SourceFormProps> }
> = {
  feed: {
    link: "A CSV or JSON feed",
    heading: "Add a feed",
    about:
      "A CSV or JSON address any network or aggregator exports. Name the feed's column for each part of an offer; a title and an address are needed, the rest as the feed has them.",
    Form: FeedSourceForm,
  },
  awin: {
    link: "Awin offers",
    heading: "Add Awin",
    about:
      "The vouchers and promotions of Awin's advertisers, read with your API token. Offers Awin stops listing leave the queue.",
    Form: AwinSourceForm,
  },
  impact: {
    link: "Impact offers",
    heading: "Add Impact",
    about:
      "The coupon ads of the brands you partner with on impact.com (their deals, promo codes and your tracking links), read with your account SID and auth token. Offers Impact stops listing leave the queue, and coupons made from them end.",
    Form: ImpactSourceForm,
  },
  amazon: {
    link: "Amazon saved search",
    heading: "Add an Amazon saved search",
    about:
      "Amazon's products that match, read through your Amazon account (Settings → Amazon) within its daily request budget. Their titles, pictures and prices are kept 24 hours at most and read again when you approve.",
    Form: AmazonSourceForm,
  },
};

export default function SourcingSources({
  loaderData: { now, sources, editing, adding, amazon },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  useToast(actionData?.toast);
  const kind = (editing?.kind ?? adding) as ConfigurableKind;
  const offered = kindsOffered[kind] ?? kindsOffered.feed;
  return (
    <div className="min-w-0 space-y-8">
      <AdminPageHeader
        title="Sources"
        description="Where candidates come from. Each run lands the offers it finds in the review queue, once each; offers a feed no longer lists leave the queue. Nothing is published without your review."
        back={{ to: "/admin/sourcing", label: "Back to the review queue" }}
      />
      {amazon ? (
        <p className="text-sm text-gray-700" data-testid="amazon-budget">
          Amazon: {formatCount(amazon.used)} of {formatCount(amazon.budget)} today
        </p>
      ) : null}
      <ScheduledSourcesTable
        sources={sources}
        empty="No sources yet. Shoppers' tips arrive without one; add a feed below."
        rowTestId="source-row"
        kindOf={(source) => sourceLabels[source.kind]}
        scheduleLabels={scheduleLabels}
        scheduleNote={(source) =>
          source.autoPublish ? (
            <p className="text-amber-800">
              Publishes automatically: score {source.autoMinScore} or more, up to {source.autoDailyCap} a day (
              {source.autoPublishedToday} today)
            </p>
          ) : null
        }
        summary={(source) =>
          `: ${source.lastFound === 1 ? "1 new candidate" : `${source.lastFound ?? 0} new candidates`}`
        }
        now={now}
        busy={busy}
      />
      <section className="space-y-4 rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="source-form">
        <h2 id="source-form" className="text-lg font-semibold">
          {editing ? `Edit ${editing.name}` : offered.heading}
        </h2>
        {editing ? null : (
          <SourceKindsNav
            label="Kinds of source"
            kinds={(Object.keys(kindsOffered) as ConfigurableKind[]).map((offeredKind) => [
              offeredKind,
              kindsOffered[offeredKind].link,
            ])}
            current={kind}
          />
        )}
        <p className="text-sm text-gray-600">{offered.about}</p>
        <offered.Form key={editing?.id ?? `new-${kind}`} source={editing} lastAnswer={actionData} busy={busy} />
      </section>
    </div>
  );
}
