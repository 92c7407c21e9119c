import type { AppServices } from "#app/platform/load-context";
import { logger } from "#app/platform/logger.server";
import { repeat } from "#app/platform/repeat.server";
import { runWithLease } from "#app/modules/jobs/job-lease.server";
import { refreshAmazonPrices } from "./price-refresh.server";

const EVERY_MS = 15 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;
const LEASE_MS = 10 * 60 * 1000;

/** One pass: refresh what is due, if Amazon is configured and no other process holds the lease. */
export async function refreshDuePrices({ db, amazon }: Pick<AppServices, "db" | "amazon">): Promise<void> {
  const api = await amazon();
  if (!api) return;
  await runWithLease(db, "amazon-price-refresh", LEASE_MS, async () => {
    const result = await refreshAmazonPrices(db, api);
    if (result.checked) logger.info(result, "refreshed Amazon prices");
  });
}

/** Runs the refresh every 15 minutes in this process; returns the function that stops it. */
export function startPriceRefreshScheduler(services: Pick<AppServices, "db" | "amazon">): () => void {
  return repeat(() => refreshDuePrices(services), { firstAfterMs: FIRST_RUN_AFTER_MS, everyMs: EVERY_MS, failure: "Amazon price refresh failed; will retry" });
}
