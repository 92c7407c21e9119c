import PgBoss from "pg-boss";

import { runAsBackgroundWork } from "#app/db/background-work.server";
import type { DatabaseHandle } from "#app/db/client.server";
import { contentChanges } from "#app/platform/content-changes.server";
import { logger } from "#app/platform/logger.server";

import { beatWhileRunning, handBackOrphanedRuns, LOOK_EVERY_MS } from "./orphaned-runs.server";

// Background work runs on pg-boss (ADR 0021): schedules, retries with back-off and one runner at a time
// across every process on the database, with each job's state in the database for the admin to read. On the
// embedded database it speaks through the handle's raw SQL, like everything else.

/** pg-boss's tables live in their own schema. */
export const JOB_SCHEMA = "pgboss";

export interface BackgroundJob {
  /** The queue's name (kebab-case); also what 'Run now' sends. */
  name: string;
  /** What the admin sees. */
  title: string;
  /** When it runs, as a five-field cron expression in UTC. */
  cron: string;
  /** A run taking longer than this is counted as failed and retried. */
  timeoutMinutes: number;
  /** The first retry of a failed run waits this long, each next one twice as long (30 s unless given). */
  retryAfterSeconds?: number;
  /** Jobs to start as soon as a run of this one succeeds (what it wrote is theirs to handle: mail to send). */
  wakes?: string[];
  /** Runs now when public content changes (the content-change bus), not only at its next minute. */
  runsOnContentChange?: boolean;
  /** Does the work; what it returns is kept as the run's outcome (shown to the admin). */
  run(data: Record<string, unknown>): Promise<Record<string, unknown> | void>;
}

export type JobOutcome =
  | { state: "completed"; output: Record<string, unknown> }
  | { state: "failed"; message: string }
  | { state: "waiting" }
  /** No such job in this configuration (switched off). */
  | { state: "off" };

export interface JobQueue {
  /** The jobs this configuration runs, in the order given. */
  readonly jobs: ReadonlyArray<Pick<BackgroundJob, "name" | "title" | "cron">>;
  /** Queues a run now; null when one is already waiting to start (that one will do) or the job is off. */
  runNow(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /**
   * Runs the job now with `data` and waits for that run (up to `timeoutMs`); when a run is already
   * waiting to start, waits for it first, since two never run at once.
   */
  runAndWait(name: string, data: Record<string, unknown>, timeoutMs: number): Promise<JobOutcome>;
  /** Moves a job's schedule (one the owner sets: the daily backup's time). */
  reschedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

const RETRIES = 3;
const FIRST_RETRY_AFTER_SECONDS = 30;
const WAIT_STEP_MS = 200;
/**
 * How often each queue's worker looks for runs it was not told of: cron's and retries' (a send from this
 * process wakes its worker at once). pg-boss's 2 s default is ten statements a second for twenty queues,
 * a steady few per cent of a core on every idle process for runs that may start seconds late.
 */
const POLL_EVERY_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorMessage(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "The job failed";
}

/**
 * pg-boss's statements, tracked until they end: it records a finished run's outcome without waiting for
 * it, so stopping waits for them too, or a closing database meets (and rejects) a run's "completed".
 */
function trackedStatements(handle: Pick<DatabaseHandle, "runSql">) {
  const underway = new Set<Promise<unknown>>();
  return {
    runSql(text: string, values?: unknown[]) {
      const statement = handle.runSql(text, values);
      underway.add(statement);
      void statement.catch(() => undefined).finally(() => underway.delete(statement));
      return statement;
    },
    /** Resolves once no statement is under way, counting those sent by what the ones awaited let run. */
    async ended(): Promise<void> {
      do {
        // A turn of the event loop: a run's end sends its "completed" a few promise callbacks later.
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.allSettled(underway);
      } while (underway.size > 0);
    },
  };
}

function newBoss(handle: Pick<DatabaseHandle, "runSql">, options: { work: boolean }): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.runSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: options.work,
    supervise: options.work,
    // A week of runs for the admin's view of last runs and failures.
    deleteAfterDays: 7,
  });
  boss.on("error", (error) => logger.warn({ err: error }, "job queue error"));
  return boss;
}

/** Creates or updates each job's queue and schedule, and removes schedules of jobs not in the list (switched off). */
async function setUpQueues(boss: PgBoss, jobs: BackgroundJob[]): Promise<void> {
  const wanted = new Set(jobs.map((job) => job.name));
  for (const schedule of await boss.getSchedules()) {
    if (!wanted.has(schedule.name)) await boss.unschedule(schedule.name);
  }
  for (const job of jobs) {
    // 'stately': at most one run waiting and one running, so a slow run is never overtaken by the next.
    const options = {
      name: job.name,
      policy: "stately" as const,
      retryLimit: RETRIES,
      retryDelay: job.retryAfterSeconds ?? FIRST_RETRY_AFTER_SECONDS,
      retryBackoff: true,
      expireInSeconds: job.timeoutMinutes * 60,
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
    else await boss.createQueue(job.name, options);
    await boss.schedule(job.name, job.cron, undefined, { tz: "UTC" });
  }
}

/**
 * Creates or upgrades pg-boss's schema and the jobs' queues and schedules, without working them: a
 * cluster's primary does this once, before its workers start them at the same moment.
 */
export async function prepareJobQueue(handle: Pick<DatabaseHandle, "runSql">, jobs: BackgroundJob[]): Promise<void> {
  const boss = newBoss(handle, { work: false });
  await boss.start();
  try {
    await setUpQueues(boss, jobs);
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

/**
 * Starts pg-boss on the handle's database (creating its schema when missing), schedules `jobs` and works
 * them in this process; other processes on the same database share the work. Its polling and the jobs are
 * background work: on the embedded database, requests' statements go first.
 */
export function startJobQueue(handle: Pick<DatabaseHandle, "runSql">, jobs: BackgroundJob[]): Promise<JobQueue> {
  return runAsBackgroundWork(() => startJobQueueNow(handle, jobs));
}

async function startJobQueueNow(database: Pick<DatabaseHandle, "runSql">, jobs: BackgroundJob[]): Promise<JobQueue> {
  const handle = trackedStatements(database);
  const boss = newBoss(handle, { work: true });
  await boss.start();
  await setUpQueues(boss, jobs);

  const workers = new Map<string, string>();
  /** Starts a queue's worker looking now rather than at its next poll. */
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  /** The runs this process is working, by pg-boss id. */
  const ours = new Set<string>();
  /** The same runs as promises, so stopping can wait for them. */
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(run: Promise<T>) => {
    inFlight.add(run);
    void run.catch(() => undefined).finally(() => inFlight.delete(run));
    return run;
  };
  for (const job of jobs) {
    const id = await boss.work<Record<string, unknown>>(
      job.name,
      { pollingIntervalSeconds: POLL_EVERY_SECONDS },
      ([item]) => tracked(runOne(job, item)),
    );
    workers.set(job.name, id);
  }
  async function runOne(job: BackgroundJob, item: { id: string; data: Record<string, unknown> } | undefined) {
    const started = performance.now();
    const stopBeating = item ? await beatWhileRunning(handle, job.name, item.id) : undefined;
    if (item) ours.add(item.id);
    try {
      const output = (await job.run(item?.data ?? {})) ?? {};
      logger.debug({ job: job.name, ms: Math.round(performance.now() - started), ...output }, "background job done");
      for (const next of job.wakes ?? []) {
        if (!jobs.some((candidate) => candidate.name === next)) continue;
        await boss.send(next, {});
        wake(next);
      }
      return output;
    } catch (error) {
      logger.warn({ err: error, job: job.name }, "background job failed; it will be retried");
      throw error;
    } finally {
      if (item) ours.delete(item.id);
      await stopBeating?.();
    }
  }
  // Runs cut off with their process (this one's last life, or another's) go back to their queue and run now.
  const handBack = () =>
    handBackOrphanedRuns(handle, boss, JOB_SCHEMA, ours).then(
      (names) => names.forEach(wake),
      (error: unknown) => logger.warn({ err: error }, "could not look for background runs cut off"),
    );
  await handBack();
  const lookForOrphans = setInterval(() => void runAsBackgroundWork(handBack), LOOK_EVERY_MS);
  lookForOrphans.unref();

  const send = async (name: string, data: Record<string, unknown>) => {
    if (!workers.has(name)) return null;
    const id = await boss.send(name, data);
    wake(name);
    return id;
  };

  const waitFor = async (name: string, id: string, deadline: number): Promise<JobOutcome> => {
    while (Date.now() < deadline) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (job?.state === "completed")
        return { state: "completed", output: (job.output ?? {}) as Record<string, unknown> };
      if (job?.state === "failed" || job?.state === "retry")
        return { state: "failed", message: errorMessage(job.output) };
      if (!job || job.state === "cancelled") return { state: "failed", message: "The run was cancelled" };
      await sleep(WAIT_STEP_MS);
    }
    return { state: "waiting" };
  };

  const waitingRun = async (name: string): Promise<string | undefined> => {
    const { rows } = (await handle.runSql(
      `SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry') LIMIT 1`,
      [name],
    )) as {
      rows: Array<{ id: string }>;
    };
    return rows[0]?.id;
  };

  const stopHearingChanges = jobs
    .filter((job) => job.runsOnContentChange)
    .map((job) =>
      contentChanges.subscribe(() => {
        send(job.name, {}).catch((error: unknown) =>
          logger.warn({ err: error, job: job.name }, "could not queue a job"),
        );
      }),
    );

  const listed = jobs.map(({ name, title, cron }) => ({ name, title, cron }));
  return {
    jobs: listed,
    runNow: (name, data = {}) => send(name, data),
    async reschedule(name, cron) {
      const job = listed.find((candidate) => candidate.name === name);
      if (!job) return;
      await boss.schedule(name, cron, undefined, { tz: "UTC" });
      job.cron = cron;
    },
    async runAndWait(name, data, timeoutMs) {
      if (!workers.has(name)) return { state: "off" };
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const id = await send(name, data);
        if (id) return waitFor(name, id, deadline);
        const waiting = await waitingRun(name);
        if (waiting) await waitFor(name, waiting, deadline);
      }
      return { state: "waiting" };
    },
    async stop() {
      for (const stopHearing of stopHearingChanges) stopHearing();
      clearInterval(lookForOrphans);
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 5_000 });
      // pg-boss stops waiting after its timeout, and a fetch under way when it stopped still hands its runs
      // over: the database closes once every run this process started, and the statements recording it,
      // have ended, or pg-boss's record of a run's outcome (which it does not await) meets a closed database.
      do {
        await Promise.allSettled(inFlight);
        await handle.ended();
      } while (inFlight.size > 0);
    },
  };
}
