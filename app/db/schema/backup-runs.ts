import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { id } from "./common";

/**
 * Each backup the server made (scheduled or asked for in the admin): its file and size, or why it failed.
 * The latest scheduled one's failure is in Needs attention until a backup succeeds.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: id(),
    scheduled: boolean().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    file: text(),
    bytes: bigint({ mode: "number" }),
    error: text(),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt.desc())],
);
