import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/lib/actor";
import type { Toast } from "#app/lib/toast";
import type { AmazonApi } from "#app/modules/amazon/amazon-api.server";
import type { BackupMade } from "#app/modules/backups/backup.server";
import type { ExportProgress } from "#app/modules/backups/backup-export.server";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";

import type { Env } from "./env.server";

/**
 * The services every loader and action reaches through `context`: built once per process when the
 * database opens (server/app.ts), never re-assembled in a route.
 */
export interface AppServices {
  db: Database;
  /** Which database the process runs on (reported by /healthz). */
  driver: "pglite" | "postgres";
  /** Resolves when the database is up (a busy embedded database counts: it answers nothing mid-query). */
  pingDatabase(): Promise<void>;
  env: Env;
  /** The key for sessions and secrets at rest. */
  appSecret: string;
  /** The configured Amazon account's client (one per account and process), or null until it is set up. */
  amazon(): Promise<AmazonApi | null>;
  /**
   * Reads one deal's Amazon price again now, whatever its age (the deal list's "Refresh now"), saving a
   * change in `by`'s name, and says how it went.
   */
  refreshDealPrice(dealId: string, by: Actor): Promise<Toast>;
  /** The background jobs (ADR 0021): run one now, or wait for a run. */
  jobs: JobQueue;
  /** Sets the process's time zone, currency and price rules from the site's settings (kept until they change). */
  applySiteFormats(): Promise<void>;
  /** Backs the whole database up into one file (modules/backups), into `folder` or the backups folder. */
  backUp(options?: { folder?: string; onProgress?: (progress: ExportProgress) => void }): Promise<BackupMade>;
}

declare module "react-router" {
  interface AppLoadContext extends AppServices {
    /** The client's address: the socket's, or X-Forwarded-For's when it came through a proxy TRUST_PROXY names. */
    clientIp: string;
  }
}
