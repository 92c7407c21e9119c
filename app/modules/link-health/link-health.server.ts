import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { linkChecks } from "#app/db/schema";
import { isAmazonUrl } from "#app/lib/click-out";
import { infoToast, successToast, type Toast } from "#app/lib/toast";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { clickOutTypes } from "#app/modules/content-types/click-out.server";
import { runWithLease } from "#app/modules/jobs/job-lease.server";
import type { Env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { repeat } from "#app/platform/repeat.server";
import { checkLink, type CheckOptions, type CheckOutcome } from "./link-check.server";

// Link health: a leased job checks the outbound link of every live item with a click-out (deals, coupons,
// gift ideas, stores) once per cycle, a few a minute, one request at a time per retailer host. Amazon
// links are left to the Amazon API (stale prices in Needs attention); Amazon forbids scraping.

export interface LinkHealthSettings extends CheckOptions {
  /** Each link is checked again after this long… */
  cycleMs: number;
  /** …and one that failed once after this long, to confirm or clear it. */
  retryMs: number;
  /** Checks per run (one run a minute). */
  perRun: number;
}

/** The settings from the environment: polite by default, private addresses only when a test says so. */
export function linkHealthSettings(env: Pick<Env, "LINK_CHECK_EVERY_HOURS" | "LINK_CHECKS_PER_MINUTE" | "LINK_CHECK_ALLOW_PRIVATE" | "PUBLIC_URL">): LinkHealthSettings {
  return {
    cycleMs: env.LINK_CHECK_EVERY_HOURS * 3_600_000,
    retryMs: 15 * 60_000,
    perRun: env.LINK_CHECKS_PER_MINUTE,
    userAgent: `DealDash link checker (+${env.PUBLIC_URL})`,
    timeoutMs: 10_000,
    allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
  };
}

const LEASE = "link-health";
const LEASE_MS = 10 * 60_000;
/** Hosts checked at once; requests to one host are never parallel. */
const HOSTS_AT_ONCE = 4;

interface DueLink {
  kind: string;
  id: string;
  url: string;
}

/**
 * Live items whose link was never checked, was checked a cycle ago, failed once a retry ago, or has changed
 * since; the longest unchecked first.
 */
export async function dueLinks(db: Executor, settings: Pick<LinkHealthSettings, "cycleMs" | "retryMs" | "perRun">, now = new Date()): Promise<DueLink[]> {
  const dueBefore = new Date(now.getTime() - settings.cycleMs);
  const retryBefore = new Date(now.getTime() - settings.retryMs);
  const perType = await Promise.all(
    clickOutTypes.map(async (type) => {
      const url = type.clickOut!.url;
      const rows = await db
        .select({ id: type.table.id, url: sql<string>`${url}`, checkedAt: linkChecks.checkedAt })
        .from(publicRows(type, { live: true }))
        .leftJoin(linkChecks, and(eq(linkChecks.kind, type.key), eq(linkChecks.itemId, type.table.id)))
        .where(
          or(
            isNull(linkChecks.itemId),
            lt(linkChecks.checkedAt, dueBefore),
            and(eq(linkChecks.failures, 1), lt(linkChecks.checkedAt, retryBefore)),
            ne(linkChecks.url, sql`${url}`),
          ),
        )
        .orderBy(sql`${linkChecks.checkedAt} NULLS FIRST`)
        .limit(settings.perRun);
      return rows.map((row) => ({ kind: type.key, id: String(row.id), url: String(row.url), at: row.checkedAt ? new Date(row.checkedAt).getTime() : 0 }));
    }),
  );
  return perType
    .flat()
    .sort((a, b) => a.at - b.at)
    .slice(0, settings.perRun)
    .map(({ at: _at, ...link }) => link);
}

/** Stores a check: a failure of the same URL adds to the consecutive count, a success or a new URL starts again. */
async function record(db: Executor, link: DueLink, outcome: CheckOutcome | null, now: Date): Promise<void> {
  const problem = outcome && !outcome.ok ? outcome.problem : null;
  await db
    .insert(linkChecks)
    .values({ kind: link.kind, itemId: link.id, url: link.url, checkedAt: now, status: outcome?.status ?? null, problem, failures: problem ? 1 : 0 })
    .onConflictDoUpdate({
      target: [linkChecks.kind, linkChecks.itemId],
      set: {
        url: link.url,
        checkedAt: now,
        status: outcome?.status ?? null,
        problem,
        failures: problem ? sql`CASE WHEN ${linkChecks.url} = ${link.url} THEN ${linkChecks.failures} + 1 ELSE 1 END` : 0,
      },
    });
}

/** Checks one link (an Amazon one is left to the Amazon API) and records it. */
async function checkAndRecord(db: Executor, link: DueLink, options: CheckOptions, now: Date): Promise<void> {
  let outcome: CheckOutcome | null = null;
  try {
    if (!isAmazonUrl(link.url)) outcome = await checkLink(link.url, options);
  } catch {
    outcome = { ok: false, problem: "The link is not a valid address" };
  }
  await record(db, link, outcome, now);
}

/** Checks the due links, one host's links one after another, a few hosts at a time; returns how many. */
export async function checkDueLinks(db: Executor, settings: LinkHealthSettings, now = new Date()): Promise<number> {
  const due = await dueLinks(db, settings, now);
  const byHost = new Map<string, DueLink[]>();
  for (const link of due) {
    let host = "";
    try {
      host = new URL(link.url).hostname;
    } catch {
      // recorded as invalid below, under the empty host
    }
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

/**
 * The admin's 'Check links now': the due links and every link that failed once, checked at once (under
 * the job's lease, so never twice at a time). Says how it went.
 */
export async function checkLinksNow(db: Executor, settings: LinkHealthSettings): Promise<Toast> {
  let checked = 0;
  const ran = await runWithLease(db, LEASE, LEASE_MS, async () => {
    checked = await checkDueLinks(db, { ...settings, retryMs: 0 });
  });
  if (!ran) return infoToast("A link check is already running. Try again in a minute.");
  return successToast(checked === 1 ? "Checked 1 link" : `Checked ${checked} links`);
}

/** Runs the checks every minute under a lease (one process at a time); returns the stop function. */
export function startLinkHealth(db: Database, settings: LinkHealthSettings): () => void {
  return repeat(
    () =>
      runWithLease(db, LEASE, LEASE_MS, async () => {
        const checked = await checkDueLinks(db, settings);
        if (checked) logger.info({ checked }, "checked outbound links");
      }),
    { firstAfterMs: 60_000, everyMs: 60_000, failure: "link health check failed; will retry" },
  );
}
