import { and, eq, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { linkChecks, linkFallbacks } from "#app/db/schema";
import { isAmazonUrl } from "#app/lib/click-out";
import { errorToast, infoToast, successToast, type Toast } from "#app/lib/toast";
import type { JobQueue } from "#app/modules/jobs/job-queue.server";
import type { Env } from "#app/platform/env.server";

import { dueLinks, type DueSettings } from "./due-links.server";
import { checkLink, type CheckOptions, type CheckOutcome } from "./link-check.server";
import { type DueLink, recordLinkCheck } from "./link-check-record.server";

// Link health: a background job checks the outbound link of every live item with a click-out (deals, coupons,
// gift ideas, stores), and its picture, once per cycle, a few a minute, one request at a time per retailer host
// (which are due: due-links.server.ts). Amazon links are left to the Amazon API (stale prices in Needs
// attention); Amazon forbids scraping.

/** How links are checked, and when (`perRun`: checks per run, one run a minute). */
export interface LinkHealthSettings extends CheckOptions, DueSettings {}

/** The settings from the environment: polite by default, private addresses only when a test says so. */
export function linkHealthSettings(
  env: Pick<Env, "LINK_CHECK_EVERY_HOURS" | "LINK_CHECKS_PER_MINUTE" | "LINK_CHECK_ALLOW_PRIVATE" | "PUBLIC_URL">,
): LinkHealthSettings {
  return {
    cycleMs: env.LINK_CHECK_EVERY_HOURS * 3_600_000,
    retryMs: 15 * 60_000,
    perRun: env.LINK_CHECKS_PER_MINUTE,
    userAgent: `DealDash link checker (+${env.PUBLIC_URL})`,
    timeoutMs: 10_000,
    allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
  };
}

/** Hosts checked at once; requests to one host are never parallel. */
const HOSTS_AT_ONCE = 4;

/** An Amazon address: a product link (its verdict comes from the Amazon API) or an Amazon image. */
const isAmazonAddress = (url: string) => isAmazonUrl(url) || /(^|\.)media-amazon\.com$/i.test(hostOf(url));

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
};

/** Checks one link or picture and records it; an Amazon one is only marked as seen (Amazon forbids scraping). */
async function checkAndRecord(db: Executor, link: DueLink, options: CheckOptions, now: Date): Promise<void> {
  if (isAmazonAddress(link.url)) return markSeen(db, link, now);
  let outcome: CheckOutcome;
  try {
    outcome = await checkLink(link.url, options);
  } catch {
    outcome = { ok: false, problem: "The link is not a valid address" };
  }
  await recordLinkCheck(db, link, outcome, now);
}

/** Stamps a link as checked this cycle, keeping whatever verdict it has. */
async function markSeen(db: Executor, link: DueLink, now: Date): Promise<void> {
  await db
    .insert(linkChecks)
    .values({ kind: link.kind, itemId: link.id, target: link.target, url: link.url, checkedAt: now, failures: 0 })
    .onConflictDoUpdate({
      target: [linkChecks.kind, linkChecks.itemId, linkChecks.target],
      set: {
        checkedAt: now,
        url: link.url,
        problem: sql`CASE WHEN ${linkChecks.url} = ${link.url} THEN ${linkChecks.problem} END`,
        failures: sql`CASE WHEN ${linkChecks.url} = ${link.url} THEN ${linkChecks.failures} ELSE 0 END`,
      },
    });
}

/** Checks the due links, one host's links one after another, a few hosts at a time; returns how many. */
export async function checkDueLinks(db: Executor, settings: LinkHealthSettings, now = new Date()): Promise<number> {
  const due = await dueLinks(db, settings, now);
  const byHost = new Map<string, DueLink[]>();
  for (const link of due) {
    // An invalid address is recorded as such below, under the empty host.
    const host = hostOf(link.url);
    byHost.set(host, [...(byHost.get(host) ?? []), link]);
  }
  const queues = [...byHost.values()];
  const workers = Array.from({ length: Math.min(HOSTS_AT_ONCE, queues.length) }, async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const link of queue) await checkAndRecord(db, link, settings, now);
    }
  });
  await Promise.all(workers);
  return due.length;
}

/** The background job that checks links, and what its data may ask. */
export const LINK_HEALTH_JOB = "link-health";
export type LinkHealthJobData = { recheckFailures?: boolean };

/** One run of the job: the due links, and with `recheckFailures` every link that failed once, at once. */
export async function runLinkHealth(
  db: Executor,
  settings: LinkHealthSettings,
  data: LinkHealthJobData,
): Promise<{ checked: number }> {
  return { checked: await checkDueLinks(db, data.recheckFailures ? { ...settings, retryMs: 0 } : settings) };
}

/** The admin's 'Check links now': a run of the job (never two at a time) that rechecks failures too, waited for. */
export async function checkLinksNow(jobs: JobQueue): Promise<Toast> {
  const data: LinkHealthJobData = { recheckFailures: true };
  const outcome = await jobs.runAndWait(LINK_HEALTH_JOB, data, 60_000);
  switch (outcome.state) {
    case "off":
      return infoToast("Link checks are switched off (LINK_CHECKS_PER_MINUTE is 0).");
    case "failed":
      return errorToast(`The link check failed: ${outcome.message}`);
    case "waiting":
      return infoToast("The link check is still running. Broken links will appear here when it ends.");
    case "completed": {
      const checked = Number(outcome.output.checked ?? 0);
      return successToast(checked === 1 ? "Checked 1 link" : `Checked ${checked} links`);
    }
  }
}

/**
 * Where a click-out goes instead of `url`: the fallback the admin set, while the checks flag this very URL
 * as broken (two failures in a row). A fixed or changed link gets its own clicks back by itself.
 */
export async function brokenLinkFallback(
  db: Executor,
  kind: string,
  itemId: string,
  url: string,
): Promise<string | null> {
  const [row] = await db
    .select({ url: linkFallbacks.url })
    .from(linkFallbacks)
    .innerJoin(
      linkChecks,
      and(
        eq(linkChecks.kind, linkFallbacks.kind),
        eq(linkChecks.itemId, linkFallbacks.itemId),
        eq(linkChecks.target, "link"),
      ),
    )
    .where(
      and(
        eq(linkFallbacks.kind, kind),
        eq(linkFallbacks.itemId, itemId),
        eq(linkChecks.target, "link"),
        eq(linkChecks.url, url),
        sql`${linkChecks.failures} >= 2`,
      ),
    );
  return row?.url ?? null;
}
