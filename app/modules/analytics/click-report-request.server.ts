import type { Executor } from "#app/db/client.server";
import { stores } from "#app/db/schema";
import { clickOutTypes } from "#app/modules/catalogue/click-out.server";
import { namesOf } from "#app/modules/catalogue/item-names.server";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import { logger } from "#app/platform/logger.server";

import { type AnalyticsView, dayOf, readAnalyticsView } from "./analytics-view";
import { type ClickReport, clickReport, withoutRevenue } from "./click-analytics.server";
import { CLICK_ROLL_UP_JOB } from "./click-roll-up.server";

// The analytics page's request: the view its URL asks for, its report, and a roll-up asked for on the way.

/** Analytics views in quick succession share a roll-up. */
const FRESH_MS = 5_000;
let rollUpAskedAt = 0;

/**
 * The view a request asks for and its report. It also asks for a roll-up (unless it asked in the last few
 * seconds) without waiting for it: a reload shows clicks up to this moment.
 */
export async function reportForRequest(
  request: Request,
  db: Executor,
  jobs: Pick<JobQueue, "runNow">,
  { revenue }: { revenue: boolean },
): Promise<{ view: AnalyticsView; report: ClickReport; storeName: string | undefined }> {
  const view = readAnalyticsView(
    new URL(request.url).searchParams,
    dayOf(new Date()),
    clickOutTypes.map((type) => type.key),
  );
  if (Date.now() - rollUpAskedAt > FRESH_MS) {
    rollUpAskedAt = Date.now();
    void jobs
      .runNow(CLICK_ROLL_UP_JOB)
      .catch((error: unknown) => logger.warn({ err: error }, "could not queue a click roll-up"));
  }
  const [report, storeNames] = await Promise.all([
    clickReport(db, view, { siteHost: new URL(request.url).hostname }),
    view.store ? namesOf(db, stores, stores.name, [view.store]) : new Map<string, string>(),
  ]);
  return {
    view,
    report: revenue ? report : withoutRevenue(report),
    storeName: view.store ? storeNames.get(view.store) : undefined,
  };
}
