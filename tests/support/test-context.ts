import type { AppLoadContext } from "react-router";

import { refreshDealPrice } from "#app/modules/amazon/price-refresh.server";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import { parseEnv } from "#app/platform/env.server";

import type { TestDatabase } from "./test-database";

/** A configuration with every background job switched off (tests of the queue start a real one). */
const noJobs: JobQueue = {
  jobs: [],
  runNow: async () => null,
  runAndWait: async () => ({ state: "off" }),
  stop: async () => {},
};

/** The request context a loader or action gets, on a test database (no Amazon account configured). */
export function testContext(t: Pick<TestDatabase, "db" | "driver" | "ping">, jobs: JobQueue = noJobs): AppLoadContext {
  return {
    db: t.db,
    driver: t.driver,
    pingDatabase: () => t.ping(),
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    appSecret: "test-secret-test-secret-test-secret-1234",
    amazon: async () => null,
    refreshDealPrice: (dealId, by) => refreshDealPrice({ db: t.db, amazon: async () => null }, dealId, by),
    jobs,
    applySiteFormats: async () => {},
    clientIp: "127.0.0.1",
  };
}
