import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A background job's run that is under way, beating every few seconds while its process lives: a run
 * whose beat stopped was cut off (kill -9, a crash) and is handed back to the queue at once, instead of
 * blocking its job until pg-boss's expiry (`app/modules/jobs/orphaned-runs.server.ts`).
 */
export const jobHeartbeats = pgTable("job_heartbeats", {
  /** pg-boss's job id of the run. */
  jobId: uuid().primaryKey(),
  name: text().notNull(),
  beatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
