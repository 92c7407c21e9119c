import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { queryRows } from "#app/db/client.server";

import { type BackgroundJob, JOB_SCHEMA } from "./job-queue.server";
import { describeSchedule, nextRunAfter } from "./job-schedule";

// What the admin sees of each background job, read from pg-boss's own tables (a week of runs is kept):
// its last finished run, whether one is running, when the next is due and how often it failed.

const FAILURE_WINDOW_DAYS = 7;

export interface JobStatus {
  name: string;
  title: string;
  schedule: string;
  nextRun: Date;
  /** The latest run that ended, and how long it took. */
  lastRun: { ok: boolean; endedAt: Date; ms: number; retries: number; summary: Record<string, unknown> } | null;
  runningSince: Date | null;
  /** Runs that failed (for good, or waiting for a retry) in the last week, and the latest one's message. */
  failures: number;
  lastFailure: { at: Date; message: string } | null;
}

interface Row {
  name: string;
  last_state: string | null;
  last_started: string | Date | null;
  last_ended: string | Date | null;
  last_retries: number | null;
  last_output: Record<string, unknown> | null;
  running_since: string | Date | null;
  failures: number;
  failure_at: string | Date | null;
  failure_output: { message?: unknown } | null;
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/** The status of each job, in the given order. Five short lookups per job, each on one queue's rows. */
export async function jobStatuses(
  db: Executor,
  jobs: ReadonlyArray<Pick<BackgroundJob, "name" | "title" | "cron">>,
  now = new Date(),
): Promise<JobStatus[]> {
  if (jobs.length === 0) return [];
  const schema = sql.raw(JOB_SCHEMA);
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000).toISOString();
  const names = sql.join(
    jobs.map((job) => sql`(${job.name})`),
    sql`, `,
  );
  // Runs live in `job` (a partition per queue) until archived, then in `archive` (keyed by name).
  const runs = sql`(SELECT state, started_on, completed_on, retry_count, output, created_on FROM ${schema}.job WHERE name = n.name
    UNION ALL SELECT state, started_on, completed_on, retry_count, output, created_on FROM ${schema}.archive WHERE name = n.name)`;
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT n.name, last.state AS last_state, last.started_on AS last_started, last.completed_on AS last_ended,
      last.retry_count AS last_retries, last.output AS last_output,
      (SELECT min(started_on) FROM ${schema}.job WHERE name = n.name AND state = 'active') AS running_since,
      (SELECT count(*)::int FROM ${runs} r WHERE r.state IN ('failed', 'retry') AND r.created_on > ${since}::timestamptz) AS failures,
      failure.at AS failure_at, failure.output AS failure_output
    FROM (VALUES ${names}) AS n(name)
    LEFT JOIN LATERAL (SELECT * FROM ${runs} r WHERE r.state IN ('completed', 'failed') ORDER BY r.completed_on DESC LIMIT 1) last ON true
    LEFT JOIN LATERAL (
      SELECT coalesce(r.completed_on, r.started_on, r.created_on) AS at, r.output FROM ${runs} r
      WHERE r.state IN ('failed', 'retry') AND r.created_on > ${since}::timestamptz ORDER BY 1 DESC LIMIT 1
    ) failure ON true`,
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return jobs.map((job) => {
    const row = byName.get(job.name);
    const started = dateOf(row?.last_started ?? null);
    const ended = dateOf(row?.last_ended ?? null);
    const failureAt = dateOf(row?.failure_at ?? null);
    const message = row?.failure_output?.message;
    return {
      name: job.name,
      title: job.title,
      schedule: describeSchedule(job.cron),
      nextRun: nextRunAfter(job.cron, now),
      lastRun:
        row?.last_state && ended
          ? {
              ok: row.last_state === "completed",
              endedAt: ended,
              ms: started ? ended.getTime() - started.getTime() : 0,
              retries: row.last_retries ?? 0,
              summary: row.last_state === "completed" ? (row.last_output ?? {}) : {},
            }
          : null,
      runningSince: dateOf(row?.running_since ?? null),
      failures: row?.failures ?? 0,
      lastFailure: failureAt
        ? { at: failureAt, message: typeof message === "string" ? message : "The job failed" }
        : null,
    };
  });
}
