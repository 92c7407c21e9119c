import type PgBoss from "pg-boss";

import type { DatabaseHandle } from "#app/db/client.server";
import { logger } from "#app/platform/logger.server";

// A run cut off with its process (kill -9, a crash, a lost machine) stays "active" in pg-boss until its
// expiry, and a stately queue starts nothing while one runs: after a kill during the digest, no mail left
// for twelve minutes. So each run beats while its process lives (`job_heartbeats`), and every process,
// at start and then every few seconds, hands runs whose beat stopped back to the queue at once, to run
// again from the start. The jobs are written to be run again: what they finished is recorded as they go.

/** How often a run under way says it is alive. */
const BEAT_EVERY_MS = 10_000;
/** A run silent this long was cut off: three beats missed. */
const SILENT_FOR_SECONDS = 30;
/** How often each process looks for runs cut off. */
export const LOOK_EVERY_MS = 10_000;

type Sql = Pick<DatabaseHandle, "runSql">;

/** Marks run `jobId` of `name` alive until the returned function is called (when the run ends, however it ends). */
export async function beatWhileRunning(handle: Sql, name: string, jobId: string): Promise<() => Promise<void>> {
  await handle.runSql(
    "INSERT INTO job_heartbeats (job_id, name) VALUES ($1, $2) ON CONFLICT (job_id) DO UPDATE SET beat_at = now()",
    [jobId, name],
  );
  const beat = setInterval(() => {
    handle
      .runSql("UPDATE job_heartbeats SET beat_at = now() WHERE job_id = $1", [jobId])
      .catch((error: unknown) => logger.warn({ err: error, job: name }, "could not record a job's heartbeat"));
  }, BEAT_EVERY_MS);
  beat.unref();
  return async () => {
    clearInterval(beat);
    await handle.runSql("DELETE FROM job_heartbeats WHERE job_id = $1", [jobId]);
  };
}

/**
 * Fails every active run whose beat stopped (or never started) SILENT_FOR_SECONDS ago, so it is tried
 * again, and starts that retry now rather than after the retry's back-off: the run did not fail, its
 * process went away. Runs this process is working (`ours`) are alive whatever their beat says (a busy
 * embedded database may hold a beat back). Returns the queues of the runs handed back.
 */
export async function handBackOrphanedRuns(
  handle: Sql,
  boss: Pick<PgBoss, "fail">,
  schema: string,
  ours: ReadonlySet<string>,
): Promise<string[]> {
  const { rows } = (await handle.runSql(
    `SELECT j.name, j.id FROM ${schema}.job j LEFT JOIN job_heartbeats h ON h.job_id = j.id
     WHERE j.state = 'active' AND coalesce(h.beat_at, j.started_on) < now() - make_interval(secs => $1)`,
    [SILENT_FOR_SECONDS],
  )) as { rows: Array<{ name: string; id: string }> };
  const orphans = rows.filter((run) => !ours.has(run.id));
  for (const run of orphans) {
    await boss.fail(run.name, run.id, { message: "The process running it stopped; it was run again" });
    await handle.runSql(
      `UPDATE ${schema}.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'`,
      [run.name, run.id],
    );
    await handle.runSql("DELETE FROM job_heartbeats WHERE job_id = $1", [run.id]);
    logger.warn({ job: run.name, id: run.id }, "a background job's run was cut off with its process; it runs again");
  }
  return orphans.map((run) => run.name);
}
