import type { DatabaseHandle } from "#app/db/client.server";
import { vacuumEmbedded } from "#app/db/embedded-maintenance.server";
import { refreshAmazonPrices } from "#app/modules/amazon/price-refresh.server";
import { CLICK_ROLL_UP_JOB, rollUpClicks } from "#app/modules/analytics/click-roll-up.server";
import { deleteOldClicks } from "#app/modules/clicks/click-retention.server";
import { rollUpRecentClicks } from "#app/modules/analytics/recent-clicks.server";
import type { BackgroundJob } from "#app/modules/jobs/job-queue.server";
import { LINK_HEALTH_JOB, linkHealthSettings, runLinkHealth } from "#app/modules/link-health/link-health.server";
import type { AppServices } from "#app/platform/load-context";

/**
 * Everything the app does on a schedule (ADR 0021), in the order the admin sees it. Jobs a configuration
 * switches off (link checks at LINK_CHECKS_PER_MINUTE=0, the vacuum on PostgreSQL) are left out.
 */
export function backgroundJobs(services: Pick<AppServices, "db" | "env" | "amazon">, driver: DatabaseHandle["driver"]): BackgroundJob[] {
  const { db, env } = services;
  return [
    {
      name: CLICK_ROLL_UP_JOB,
      title: "Click roll-up (analytics)",
      cron: "* * * * *",
      timeoutMinutes: 30,
      run: async () => ({ days: await rollUpClicks(db) }),
    },
    {
      name: "recent-clicks",
      title: "Clicks in the last 30 days (Most popular, unclicked items)",
      cron: "*/10 * * * *",
      timeoutMinutes: 15,
      run: async () => ({ changed: await rollUpRecentClicks(db) }),
    },
    {
      name: "amazon-price-refresh",
      title: "Amazon price refresh",
      cron: "*/15 * * * *",
      timeoutMinutes: 15,
      async run() {
        const api = await services.amazon();
        if (!api) return { skipped: "Amazon is not set up" };
        return { ...(await refreshAmazonPrices(db, api)) };
      },
    },
    ...(env.LINK_CHECKS_PER_MINUTE > 0
      ? [
          {
            name: LINK_HEALTH_JOB,
            title: "Link health",
            cron: "* * * * *",
            timeoutMinutes: 10,
            run: (data: Record<string, unknown>) => runLinkHealth(db, linkHealthSettings(env), data),
          },
        ]
      : []),
    {
      name: "click-retention",
      title: `Click retention (${env.CLICK_RETENTION_DAYS} days)`,
      cron: "17 */6 * * *",
      timeoutMinutes: 30,
      run: async () => ({ deleted: await deleteOldClicks(db, { days: env.CLICK_RETENTION_DAYS }) }),
    },
    ...(driver === "pglite"
      ? [
          {
            name: "embedded-vacuum",
            title: "Embedded database upkeep (VACUUM ANALYZE)",
            cron: "43 */6 * * *",
            timeoutMinutes: 30,
            run: async () => void (await vacuumEmbedded(db)),
          },
        ]
      : []),
  ];
}
