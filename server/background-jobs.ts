import path from "node:path";

import type { DatabaseHandle } from "#app/db/client.server";
import { checkpointEmbedded, vacuumEmbedded } from "#app/db/embedded-maintenance.server";
import { DAILY_ALERTS_JOB, DEAL_ALERTS_JOB, mailAlerts, runDealAlerts } from "#app/modules/alerts/alert-runner.server";
import { refreshAmazonPrices } from "#app/modules/amazon/price-refresh.server";
import { CLICK_ROLL_UP_JOB, rollUpClicks } from "#app/modules/analytics/click-roll-up.server";
import { rollUpRecentClicks } from "#app/modules/analytics/recent-clicks.server";
import { defaultBackupFolder } from "#app/modules/backups/backup.server";
import {
  BACKUP_JOB,
  backupCron,
  backupFolderOf,
  type BackupSettings,
  DEFAULT_BACKUP_SETTINGS,
  readBackupSettings,
  recordedBackup,
} from "#app/modules/backups/backup-schedule.server";
import { contentTypes } from "#app/modules/catalogue/registry.server";
import { deleteOldClicks } from "#app/modules/clicks/click-retention.server";
import { EARNINGS_JOB, runDueEarningsSources } from "#app/modules/earnings/earnings-sources.server";
import type { BackgroundJob } from "#app/modules/jobs/job-queue.server";
import { LINK_HEALTH_JOB, linkHealthSettings, runLinkHealth } from "#app/modules/link-health/link-health.server";
import { sendQueuedMail, smtpTransport } from "#app/modules/mail/mail-sender.server";
import { deleteOldMail, SEND_MAIL_JOB } from "#app/modules/mail/outbox.server";
import { DIGEST_CRON, DIGEST_JOB, runWeeklyDigest } from "#app/modules/newsletter/digest-schedule.server";
import { expireUnconfirmed } from "#app/modules/newsletter/newsletter.server";
import { deleteEndedPreviewLinks } from "#app/modules/previews/preview-links.server";
import { pruneAmazonPrices } from "#app/modules/price-history/price-history.server";
import { dropAmazonFields, THIN_AFTER_DAYS, thinOldRevisions } from "#app/modules/revisions/revision-log.server";
import { applySiteFormats } from "#app/modules/site-settings/site-formats.server";
import { runDueSources, SOURCING_JOB } from "#app/modules/sourcing/sources.server";
import { deleteStaleSignInRecords, SIGN_IN_ATTEMPTS_KEPT_DAYS } from "#app/modules/users/sign-in-upkeep.server";
import {
  runWebhookEvents,
  sendDueWebhooks,
  WEBHOOK_DELIVERIES_JOB,
  WEBHOOK_EVENTS_JOB,
} from "#app/modules/webhooks/webhooks.server";
import type { AppServices } from "#app/platform/load-context";

/**
 * Everything the app does on a schedule (ADR 0021), in the order the admin sees it. Jobs a configuration
 * switches off (link checks at LINK_CHECKS_PER_MINUTE=0, sending mail without SMTP_URL, the vacuum on
 * PostgreSQL) are left out.
 */
export function backgroundJobs(
  services: Pick<AppServices, "db" | "env" | "amazon" | "appSecret" | "backUp">,
  driver: DatabaseHandle["driver"],
  backups: BackupSettings = DEFAULT_BACKUP_SETTINGS,
): BackgroundJob[] {
  const { db, env } = services;
  const jobs: BackgroundJob[] = [
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
        // Amazon's prices are kept 24 hours, in the history and in revisions, whether or not Amazon is
        // still set up (ADR 0039, ADR 0052).
        const pruned = await pruneAmazonPrices(db);
        const revisions = await dropAmazonFields(db, contentTypes);
        const api = await services.amazon();
        if (!api) return { skipped: "Amazon is not set up", pruned, revisions };
        return { ...(await refreshAmazonPrices(db, api)), pruned, revisions };
      },
    },
    {
      name: SOURCING_JOB,
      title: "Sourcing (feeds and searches)",
      cron: "*/5 * * * *",
      timeoutMinutes: 30,
      run: () =>
        runDueSources(db, {
          appSecret: services.appSecret,
          allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
          timeoutMs: 60_000,
          endpoints: {
            awin: env.AWIN_API_ENDPOINT,
            impact: env.IMPACT_API_ENDPOINT,
            amazon: env.AMAZON_API_ENDPOINT,
          },
        }),
    },
    {
      name: EARNINGS_JOB,
      title: "Earnings (network transactions)",
      cron: "*/15 * * * *",
      timeoutMinutes: 30,
      run: () =>
        runDueEarningsSources(db, {
          appSecret: services.appSecret,
          allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
          timeoutMs: 60_000,
          endpoints: {
            awin: env.AWIN_API_ENDPOINT,
            cj: env.CJ_API_ENDPOINT,
            impact: env.IMPACT_API_ENDPOINT,
            amazon: env.AMAZON_API_ENDPOINT,
          },
        }),
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
    ...(env.SMTP_URL
      ? [
          {
            name: SEND_MAIL_JOB,
            title: "Send mail (SMTP)",
            cron: "* * * * *",
            timeoutMinutes: 10,
            run: async () => ({ ...(await sendQueuedMail(db, smtpTransport(env)!, { from: env.MAIL_FROM })) }),
          },
        ]
      : []),
    {
      name: DEAL_ALERTS_JOB,
      title: "Deal alerts (new deals to shoppers' alerts)",
      cron: "* * * * *",
      timeoutMinutes: 10,
      // A change is news at once, not at the next minute.
      runsOnContentChange: true,
      wakes: [SEND_MAIL_JOB],
      run: () => runDealAlerts(db, services, { cap: env.ALERT_DAILY_CAP }),
    },
    {
      name: DAILY_ALERTS_JOB,
      title: "Deal alerts, daily messages",
      cron: "0 8 * * *",
      timeoutMinutes: 30,
      wakes: [SEND_MAIL_JOB],
      run: async () => ({ messages: await mailAlerts(db, services, "daily", { cap: env.ALERT_DAILY_CAP }) }),
    },
    {
      name: WEBHOOK_EVENTS_JOB,
      title: "Webhook events (published, updated, expired)",
      cron: "* * * * *",
      timeoutMinutes: 10,
      // A change is news at once, not at the next minute.
      runsOnContentChange: true,
      wakes: [WEBHOOK_DELIVERIES_JOB],
      run: () => runWebhookEvents(db, services),
    },
    {
      name: WEBHOOK_DELIVERIES_JOB,
      title: "Webhook deliveries",
      cron: "* * * * *",
      timeoutMinutes: 10,
      run: () =>
        sendDueWebhooks(db, services.appSecret, {
          allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
          siteUrl: env.PUBLIC_URL,
        }),
    },
    {
      name: DIGEST_JOB,
      title: "Newsletter digest (weekly)",
      cron: DIGEST_CRON,
      timeoutMinutes: 30,
      wakes: [SEND_MAIL_JOB],
      run: () => runWeeklyDigest(db, services),
    },
    {
      name: "newsletter-expiry",
      title: "Unconfirmed newsletter addresses (deleted after 7 days)",
      cron: "29 3 * * *",
      timeoutMinutes: 10,
      run: async () => ({ deleted: await expireUnconfirmed(db) }),
    },
    {
      name: "click-retention",
      title: `Click retention (${env.CLICK_RETENTION_DAYS} days)`,
      cron: "17 */6 * * *",
      timeoutMinutes: 30,
      run: async () => ({ deleted: await deleteOldClicks(db, { days: env.CLICK_RETENTION_DAYS }) }),
    },
    {
      name: "revision-upkeep",
      title: `Revisions (one a day past ${THIN_AFTER_DAYS} days) and ended preview links`,
      cron: "37 4 * * *",
      timeoutMinutes: 30,
      run: async () => ({
        revisions: await thinOldRevisions(db),
        previewLinks: await deleteEndedPreviewLinks(db),
      }),
    },
    {
      name: "mail-retention",
      title: `Outbox retention (${env.MAIL_RETENTION_DAYS} days)`,
      cron: "47 3 * * *",
      timeoutMinutes: 30,
      run: async () => ({ deleted: await deleteOldMail(db, { days: env.MAIL_RETENTION_DAYS }) }),
    },
    {
      name: "sign-in-upkeep",
      title: `Sign-in records (expired sessions, attempts after ${SIGN_IN_ATTEMPTS_KEPT_DAYS} days)`,
      cron: "53 3 * * *",
      timeoutMinutes: 30,
      run: () => deleteStaleSignInRecords(db),
    },
    ...(driver === "pglite"
      ? [
          {
            // The embedded database's daily backup (a PostgreSQL server is backed up by its host's tools, or
            // `npm run backup`); "Back up now" runs it with `{ manual: true }`.
            name: BACKUP_JOB,
            title: "Backup of the database",
            cron: backupCron(backups),
            timeoutMinutes: 120,
            async run(data: Record<string, unknown>) {
              const settings = await readBackupSettings(db);
              const made = await recordedBackup(
                db,
                {
                  scheduled: data.manual !== true,
                  folder: backupFolderOf(settings, defaultBackupFolder(env)),
                  keep: settings.keep,
                },
                (folder) => services.backUp({ folder }),
              );
              return { file: path.basename(made.file), bytes: made.bytes, rows: made.rows, deleted: made.pruned };
            },
          },
          {
            name: "embedded-vacuum",
            title: "Embedded database upkeep (VACUUM ANALYZE)",
            cron: "43 */6 * * *",
            timeoutMinutes: 30,
            run: async () => void (await vacuumEmbedded(db)),
          },
          {
            name: "embedded-checkpoint",
            title: "Embedded database checkpoint (trims the write-ahead log)",
            cron: "*/15 * * * *",
            timeoutMinutes: 10,
            run: async () => void (await checkpointEmbedded(db)),
          },
        ]
      : []),
  ];
  // Dates and prices in what a job writes (mail, webhooks) follow the site's settings, as pages do.
  return jobs.map((job) => ({
    ...job,
    run: async (data) => {
      await applySiteFormats(db);
      return job.run(data);
    },
  }));
}
