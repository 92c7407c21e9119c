import type { Database } from "#app/db/client.server";
import type { Env } from "#app/platform/env.server";
import { appSecret } from "#app/platform/app-secret.server";
import { logger } from "#app/platform/logger.server";
import { runWithLease } from "#app/modules/jobs/job-lease.server";
import { configuredAmazonClient } from "./amazon-service.server";
import { refreshAmazonPrices } from "./price-refresh.server";

const EVERY_MS = 15 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;
const LEASE_MS = 10 * 60 * 1000;

/** One pass: refresh what is due, if Amazon is configured and no other process holds the lease. */
export async function refreshDuePrices(db: Database, env: Env): Promise<void> {
  const api = await configuredAmazonClient(db, appSecret(env), { endpointOverride: env.AMAZON_API_ENDPOINT });
  if (!api) return;
  await runWithLease(db, "amazon-price-refresh", LEASE_MS, async () => {
    const result = await refreshAmazonPrices(db, api);
    if (result.checked) logger.info(result, "refreshed Amazon prices");
  });
}

/** Runs the refresh every 15 minutes in this process; returns the function that stops it. */
export function startPriceRefreshScheduler(db: Database, env: Env): () => void {
  const run = () =>
    refreshDuePrices(db, env).catch((error: unknown) => logger.warn({ err: error }, "Amazon price refresh failed; will retry"));
  const first = setTimeout(run, FIRST_RUN_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
