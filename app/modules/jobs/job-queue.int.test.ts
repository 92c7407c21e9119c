import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { queryRows } from "#app/db/client.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { type BackgroundJob, type JobQueue, startJobQueue } from "./job-queue.server";
import { jobStatuses } from "./job-status.server";

const db = testDatabasePerFile();
const NEVER_SOON = "0 0 1 1 *";
const started: JobQueue[] = [];

const testJob = (name: string, run: BackgroundJob["run"], more: Partial<BackgroundJob> = {}): BackgroundJob => ({
  name,
  title: name,
  cron: NEVER_SOON,
  timeoutMinutes: 1,
  run,
  ...more,
});

async function queueOf(jobs: BackgroundJob[]): Promise<JobQueue> {
  const queue = await startJobQueue({ runSql: (text, values) => db().runSql(text, values) }, jobs);
  started.push(queue);
  return queue;
}

afterEach(async () => {
  for (const queue of started.splice(0)) await queue.stop();
});

describe("background jobs on pg-boss", () => {
  it("starts the jobs a run wakes as soon as it succeeds", async () => {
    let sent = 0;
    const writer = testJob("writes-mail", async () => ({ written: 1 }), { wakes: ["sends-mail", "not-configured"] });
    const sender = testJob("sends-mail", async () => ({ sent: ++sent }));
    const queue = await queueOf([writer, sender]);
    expect(await queue.runAndWait("writes-mail", {}, 120_000)).toEqual({ state: "completed", output: { written: 1 } });
    await expect.poll(() => sent, { timeout: 60_000, interval: 100 }).toBe(1);
  });

  it("runs a job on demand, retries a failure with back-off, and the admin sees both runs", async () => {
    let attempts = 0;
    const flaky = testJob(
      "flaky",
      async () => {
        attempts++;
        if (attempts === 1) throw new Error("The retailer did not answer");
        return { attempt: attempts };
      },
      { title: "Flaky job", retryAfterSeconds: 1 },
    );
    const queue = await queueOf([flaky]);

    expect(await queue.runAndWait("flaky", {}, 120_000)).toEqual({
      state: "failed",
      message: "The retailer did not answer",
    });
    const [failing] = await jobStatuses(db().db, queue.jobs);
    expect(failing).toMatchObject({
      title: "Flaky job",
      failures: 1,
      lastRun: null,
      lastFailure: { message: "The retailer did not answer" },
    });
    expect(failing!.nextRun.toISOString().slice(5, 16)).toBe("01-01T00:00");

    // The retry comes by itself, after the back-off.
    await expect
      .poll(async () => (await jobStatuses(db().db, queue.jobs))[0]?.lastRun, { timeout: 60_000, interval: 250 })
      .toMatchObject({
        ok: true,
        retries: 1,
        summary: { attempt: 2 },
      });
    expect(attempts).toBe(2);
  });

  it("never runs one job twice at once, whichever process asks", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const slow = testJob("slow", async () => {
      running++;
      runs++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running--;
    });
    // Two queues on one database: two app processes.
    const [first, second] = [await queueOf([slow]), await queueOf([slow])];
    const outcomes = await Promise.all([
      first.runAndWait("slow", {}, 120_000),
      second.runAndWait("slow", {}, 120_000),
      first.runAndWait("slow", {}, 120_000),
    ]);
    expect(outcomes.map((outcome) => outcome.state)).toEqual(["completed", "completed", "completed"]);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it("stops only once the runs it worked are recorded, however slow the database is to record them", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = false;
    const slowToRecord = {
      async runSql(text: string, values?: unknown[]) {
        // A busy database: the run's "completed" takes its time (here, a second).
        if (text.includes("state = 'completed'")) await new Promise((resolve) => setTimeout(resolve, 1_000));
        return db().runSql(text, values);
      },
    };
    const queue = await startJobQueue(slowToRecord, [
      testJob("digest", async () => {
        begun = true;
        await held;
      }),
    ]);
    const runId = await queue.runNow("digest");
    await expect.poll(() => begun, { timeout: 60_000, interval: 50 }).toBe(true);
    release();
    await queue.stop();
    const [run] = await queryRows<{ state: string }>(db().db, sql`SELECT state FROM pgboss.job WHERE id = ${runId}`);
    expect(run!.state).toBe("completed");
  });

  it("runs again at once a run cut off with its process, but never one still beating", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const cutOff: string[] = [];
    // A process whose run will stop beating (as if killed), and a process started after it.
    const dying = await queueOf([testJob("digest", async () => held.then(() => ({ by: "the dying process" })))]);
    const runId = await dying.runNow("digest", { week: 48 });
    await expect
      .poll(
        async () => (await queryRows<{ n: number }>(db().db, sql`SELECT count(*)::int AS n FROM job_heartbeats`))[0]!.n,
      )
      .toBe(1);
    // Still beating: a second process leaves it alone.
    const alive = await queueOf([testJob("digest", async (data) => void cutOff.push(String(data.week)))]);
    await alive.stop();
    expect(cutOff).toEqual([]);

    // Its beat stops (the process was killed: here, its last beat is made a minute old and its beating stopped).
    await db().runSql("UPDATE job_heartbeats SET beat_at = now() - interval '1 minute'");
    await db().runSql(
      `CREATE FUNCTION beat_lost() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN CASE WHEN OLD.job_id = '${runId}' THEN NULL ELSE NEW END; END $$`,
    );
    await db().runSql(
      "CREATE TRIGGER beat_lost BEFORE UPDATE ON job_heartbeats FOR EACH ROW EXECUTE FUNCTION beat_lost()",
    );
    try {
      await queueOf([testJob("digest", async (data) => void cutOff.push(String(data.week)))]);
      await expect.poll(() => cutOff, { timeout: 60_000, interval: 100 }).toEqual(["48"]);
    } finally {
      await db().runSql("DROP TRIGGER beat_lost ON job_heartbeats; DROP FUNCTION beat_lost()");
      release();
    }
    const [status] = await jobStatuses(db().db, [{ name: "digest", title: "Digest", cron: NEVER_SOON }]);
    // The admin sees the run that finished as a second try of the one cut off.
    expect(status!.lastRun).toMatchObject({ ok: true, retries: 1 });
  });

  it("schedules each job by its cron in UTC, drops the schedule of a job switched off, and knows no other job", async () => {
    const job = (name: string, cron: string) => testJob(name, async () => undefined, { cron });
    await (await queueOf([job("every-minute", "* * * * *"), job("link-check", "*/10 * * * *")])).stop();
    const queue = await queueOf([job("every-minute", "* * * * *")]);
    const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
      db().db,
      sql`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`,
    );
    expect(schedules).toEqual([{ name: "every-minute", cron: "* * * * *", timezone: "UTC" }]);
    expect(await queue.runNow("link-check")).toBeNull();
    expect(await queue.runAndWait("link-check", {}, 1_000)).toEqual({ state: "off" });
    const [status] = await jobStatuses(db().db, queue.jobs, new Date("2026-11-23T10:15:30Z"));
    expect(status).toMatchObject({ schedule: "Every minute", lastRun: null, failures: 0 });
    expect(status!.nextRun.toISOString()).toBe("2026-11-23T10:16:00.000Z");
  });
});
