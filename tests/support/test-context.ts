import os from "node:os";

import type { AppLoadContext } from "react-router";

import type { Database } from "#app/db/client.server";
import { refreshDealPrice } from "#app/modules/amazon/price-refresh.server";
import { backUp } from "#app/modules/backups/backup.server";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import { createAuth } from "#app/platform/auth.server";
import { parseEnv } from "#app/platform/env.server";

import type { TestDatabase } from "./test-database";

/** The app secret tests sign and encrypt with. */
export const TEST_APP_SECRET = "test-secret-test-secret-test-secret-1234";

/** better-auth over a test database, as the app sets it up for a site at localhost:3000. */
export const testAuth = (db: Database) =>
  createAuth(db, { secret: TEST_APP_SECRET, publicUrl: "http://localhost:3000" });

/** A configuration with every background job switched off (tests of the queue start a real one). */
const noJobs: JobQueue = {
  jobs: [],
  runNow: async () => null,
  runAndWait: async () => ({ state: "off" }),
  reschedule: async () => {},
  stop: async () => {},
};

/** The request context a loader or action gets, on a test database (no Amazon account configured). */
export function testContext(t: Pick<TestDatabase, "db" | "driver" | "ping">, jobs: JobQueue = noJobs): AppLoadContext {
  return {
    db: t.db,
    driver: t.driver,
    pingDatabase: () => t.ping(),
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    appSecret: TEST_APP_SECRET,
    amazon: async () => null,
    refreshDealPrice: (dealId, by) => refreshDealPrice({ db: t.db, amazon: async () => null }, dealId, by),
    jobs,
    applySiteFormats: async () => {},
    backUp: ({ folder, onProgress } = {}) => backUp(t, folder ?? os.tmpdir(), onProgress),
    clientIp: "127.0.0.1",
  };
}
