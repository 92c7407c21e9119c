import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button } from "#app/components/ui/button";
import { timeAgo } from "#app/lib/relative-time";

// The cells a scheduled source's row shares on Admin → Sourcing → Sources and Admin → Earnings: how its last
// run went, when the next one comes, and the buttons that run, pause, edit or delete it.

interface ScheduledSource {
  id: string;
  enabled: boolean;
  progress: string | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
  nextRunAt: Date | null;
}

/** Running (with its progress), not run yet, or when it last ran, what it did (`summary`) and its error. */
export function LastRunCell({ source, now, summary }: { source: ScheduledSource; now: Date; summary: ReactNode }) {
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

export function NextRunCell({ source, now }: { source: ScheduledSource; now: Date }) {
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
export function SourceButtonsCell({ source, busy }: { source: ScheduledSource; busy: boolean }) {
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
