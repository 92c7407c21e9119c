import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button } from "#app/components/ui/button";
import { timeAgo } from "#app/lib/relative-time";

import { AdminTable } from "./admin-table";

// The table of scheduled sources on Admin → Sourcing → Sources and Admin → Earnings: each source's name and
// kind, its schedule, how its last run went, when the next one comes, and the buttons that run, pause, edit or
// delete it; and the links that choose what kind of source the page's form adds.

interface ScheduledSource {
  id: string;
  name: string;
  enabled: boolean;
  everyMinutes: number;
  progress: string | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
  nextRunAt: Date | null;
}

/** Running (with its progress), not run yet, or when it last ran, what it did (`summary`) and its error. */
function LastRunCell({ source, now, summary }: { source: ScheduledSource; now: Date; summary: ReactNode }) {
  return (
    <td className="px-4 py-3 text-gray-700" data-label="Last run">
      {source.progress ? (
        <p className="font-medium text-brand-700">Running: {source.progress}</p>
      ) : !source.lastFinishedAt ? (
        <p>Not run yet</p>
      ) : (
        <>
          <p>
            <time dateTime={source.lastFinishedAt.toISOString()}>{timeAgo(source.lastFinishedAt, now)}</time>
            {summary}
          </p>
          {source.lastError ? (
            <p className="text-red-700" role="status">
              {source.lastError}
            </p>
          ) : null}
        </>
      )}
    </td>
  );
}

function NextRunCell({ source, now }: { source: ScheduledSource; now: Date }) {
  return (
    <td className="px-4 py-3 text-gray-700" data-label="Next run">
      {source.enabled && source.nextRunAt ? (
        <time dateTime={source.nextRunAt.toISOString()}>{timeAgo(source.nextRunAt, now)}</time>
      ) : (
        "—"
      )}
    </td>
  );
}

/** Run now, Pause or Resume, Edit and Delete, posted to the page's action with the source's id. */
function SourceButtonsCell({ source, busy }: { source: ScheduledSource; busy: boolean }) {
  return (
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
  );
}

/**
 * The page's sources, or `empty` when there are none. Per source the page says its kind, words under its
 * schedule (`scheduleNote`) and what its last run did (`summary`); `scheduleLabels` names the usual intervals.
 */
export function ScheduledSourcesTable<Source extends ScheduledSource>({
  sources,
  empty,
  rowTestId,
  kindOf,
  scheduleLabels,
  scheduleNote,
  summary,
  now,
  busy,
}: {
  sources: Source[];
  empty: ReactNode;
  rowTestId: string;
  kindOf: (source: Source) => string;
  scheduleLabels: Record<string, string>;
  scheduleNote: (source: Source) => ReactNode;
  summary: (source: Source) => ReactNode;
  now: Date;
  busy: boolean;
}) {
  if (sources.length === 0)
    return <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">{empty}</p>;
  return (
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
        <tr key={source.id} className="border-t border-gray-100 align-top" data-testid={rowTestId}>
          <td className="px-4 py-3">
            <p className="font-medium text-gray-900">{source.name}</p>
            <p className="text-gray-600">{kindOf(source)}</p>
          </td>
          <td className="px-4 py-3 text-gray-700" data-label="Schedule">
            {source.enabled
              ? (scheduleLabels[String(source.everyMinutes)] ?? `Every ${source.everyMinutes} minutes`)
              : "Paused"}
            {scheduleNote(source)}
          </td>
          <LastRunCell source={source} now={now} summary={summary(source)} />
          <NextRunCell source={source} now={now} />
          <SourceButtonsCell source={source} busy={busy} />
        </tr>
      ))}
    </AdminTable>
  );
}

/** The links that choose what kind of source the page's form adds (`?add=<kind>`), the current one marked. */
export function SourceKindsNav({
  label,
  kinds,
  current,
}: {
  label: string;
  kinds: Array<[string, string]>;
  current: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-3 text-sm">
      {kinds.map(([kind, words]) => (
        <Link
          key={kind}
          to={`?add=${kind}`}
          className="font-medium text-brand-700 hover:underline"
          aria-current={kind === current ? "page" : undefined}
        >
          {words}
        </Link>
      ))}
    </nav>
  );
}
