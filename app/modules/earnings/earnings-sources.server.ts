import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { type EarningsNetwork, type EarningsRunCounts, earningsSources } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { formatCount } from "#app/lib/counts";
import type { AmazonApiOptions } from "#app/modules/amazon/amazon-api.server";
import { configuredAmazonClient } from "#app/modules/amazon/amazon-service.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { type SourceConnection, SourceError } from "#app/modules/sourcing/adapters/source-adapter";
import { decryptedToken } from "#app/modules/sourcing/sources.server";
import { logger } from "#app/platform/logger.server";
import { encryptSecret } from "#app/platform/secrets-at-rest.server";

import { amazonEarningsAdapter } from "./amazon-reports.server";
import { awinEarningsAdapter } from "./awin-transactions.server";
import { cjEarningsAdapter } from "./cj-commissions.server";
import { convertEarnings } from "./currency-rates.server";
import type { EarningsAdapter } from "./earnings-adapter";
import { importEarnings } from "./earnings-import.server";
import type { EarningsSourceInput } from "./earnings-settings";
import { impactEarningsAdapter } from "./impact-actions.server";

// The network accounts whose transactions are imported on a schedule. A run claims its source by moving
// `next_run_at` a lease ahead (two workers never run one source; a run a restart cut off is taken up when
// the lease ends), reads the last `look_back_days` again (statuses move for weeks after a sale), lands
// each batch through the one upsert, and records how it went for the earnings page.

export const EARNINGS_JOB = "earnings";
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const LEASE_MINUTES = 30;
const DUE_PER_RUN = 10;

export type EarningsSource = typeof earningsSources.$inferSelect;

const adapters: Record<EarningsNetwork, EarningsAdapter<never>> = {
  awin: awinEarningsAdapter,
  cj: cjEarningsAdapter,
  impact: impactEarningsAdapter,
  amazon: amazonEarningsAdapter,
};

export async function listEarningsSources(db: Executor): Promise<EarningsSource[]> {
  return db.select().from(earningsSources).orderBy(asc(earningsSources.name));
}

export async function getEarningsSource(db: Executor, id: string): Promise<EarningsSource | null> {
  const [source] = await db.select().from(earningsSources).where(eq(earningsSources.id, id));
  return source ?? null;
}

/**
 * Adds an earnings source (due at once) or changes one, its token encrypted (an empty one keeps the stored
 * token); the audit row says what the owner set, never the token. Null when there is no such source.
 */
export async function saveEarningsSource(
  db: Database,
  appSecret: string,
  source: { id?: string; network: EarningsNetwork },
  input: EarningsSourceInput,
  actor: Actor,
): Promise<string | null> {
  const token = input.token ? encryptSecret(input.token, appSecret) : undefined;
  const values = {
    name: input.name,
    everyMinutes: Number(input.everyMinutes),
    lookBackDays: input.lookBackDays,
    enabled: input.enabled,
    settings: input.settings as Record<string, unknown>,
    ...(token ? { secret: token } : {}),
  };
  return db.transaction(async (tx) => {
    const [saved] = source.id
      ? await tx
          .update(earningsSources)
          .set(values)
          .where(and(eq(earningsSources.id, source.id), eq(earningsSources.network, source.network)))
          .returning({ id: earningsSources.id })
      : await tx
          .insert(earningsSources)
          .values({ ...values, network: source.network, nextRunAt: new Date() })
          .returning({ id: earningsSources.id });
    if (!saved) return null;
    await recordAudit(tx, {
      action: "earnings",
      actor,
      detail: {
        did: source.id ? "change-source" : "add-source",
        id: saved.id,
        title: input.name,
        settings: input.settings,
        ...(token ? { token: "changed" } : {}),
      },
    });
    return saved.id;
  });
}

/** Deletes a source; the transactions it imported stay (they are what was earned). */
export async function deleteEarningsSource(db: Database, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(earningsSources)
      .where(eq(earningsSources.id, id))
      .returning({ name: earningsSources.name });
    if (gone)
      await recordAudit(tx, { action: "earnings", actor, detail: { did: "delete-source", id, title: gone.name } });
    return Boolean(gone);
  });
}

/** Pauses or resumes a source; a resumed one is due at once. */
export async function setEarningsSourceEnabled(db: Executor, id: string, enabled: boolean): Promise<boolean> {
  const [changed] = await db
    .update(earningsSources)
    .set({ enabled, ...(enabled ? { nextRunAt: new Date() } : {}) })
    .where(eq(earningsSources.id, id))
    .returning({ id: earningsSources.id });
  return Boolean(changed);
}

/** Makes a source due now (its "Run now"); false when it is paused or gone. */
export async function makeEarningsSourceDue(db: Executor, id: string): Promise<boolean> {
  const [due] = await db
    .update(earningsSources)
    .set({ nextRunAt: new Date() })
    .where(and(eq(earningsSources.id, id), eq(earningsSources.enabled, true)))
    .returning({ id: earningsSources.id });
  return Boolean(due);
}

const isDue = (now: Date) =>
  and(eq(earningsSources.enabled, true), or(isNull(earningsSources.nextRunAt), lte(earningsSources.nextRunAt, now)));

/** Claims a due source for one run; null when it is not due (or another worker has it). */
async function claim(db: Executor, id: string, now: Date): Promise<EarningsSource | null> {
  const [claimed] = await db
    .update(earningsSources)
    .set({ nextRunAt: new Date(now.getTime() + LEASE_MINUTES * MINUTE), lastRunAt: now, progress: "Starting" })
    .where(and(eq(earningsSources.id, id), isDue(now)))
    .returning();
  return claimed ?? null;
}

/** What every run shares: the app secret decrypts tokens; tests reach local fakes instead of the networks. */
export type EarningsRunContext = Omit<SourceConnection, "secret" | "endpointOverride" | "amazon"> & {
  appSecret: string;
  endpoints?: Partial<Record<EarningsNetwork, string>>;
  /** How the Amazon client paces and backs off (tests make it quick). */
  amazonOptions?: AmazonApiOptions;
};

export interface EarningsRunOutcome extends EarningsRunCounts {
  error: string | null;
}

/** One run of one source, if it is due: read its last days, land them, record how it went. */
export async function runEarningsSource(
  db: Database,
  id: string,
  context: EarningsRunContext,
  now = new Date(),
): Promise<EarningsRunOutcome | null> {
  const source = await claim(db, id, now);
  if (!source) return null;
  const outcome: EarningsRunOutcome = { added: 0, updated: 0, unchanged: 0, unattributed: 0, refused: 0, error: null };
  const refusals: string[] = [];
  let retryAfter: number | undefined;
  try {
    const { appSecret, endpoints, amazonOptions, ...shared } = context;
    const connection = {
      ...shared,
      secret: decryptedToken(source.secret, appSecret),
      endpointOverride: endpoints?.[source.network],
      // Amazon's reports are read with the site's own account (Settings → Amazon).
      amazon:
        source.network === "amazon"
          ? ((await configuredAmazonClient(db, appSecret, { ...amazonOptions, endpointOverride: endpoints?.amazon })) ??
            undefined)
          : undefined,
    };
    const range = { from: new Date(now.getTime() - source.lookBackDays * DAY_MS), to: now };
    const adapter = adapters[source.network] as EarningsAdapter<unknown>;
    for await (const batch of adapter.read(source.settings, connection, range)) {
      const counts = await importEarnings(db, source.network, batch.reported);
      for (const key of ["added", "updated", "unchanged", "unattributed"] as const) outcome[key] += counts[key];
      outcome.refused += batch.refused.length;
      refusals.push(...batch.refused.slice(0, 5));
      // Each batch renews the lease: a long run is never taken for one a restart cut off.
      await db
        .update(earningsSources)
        .set({
          progress: `${formatCount(outcome.added + outcome.updated + outcome.unchanged)} transactions read`,
          nextRunAt: new Date(Date.now() + LEASE_MINUTES * MINUTE),
        })
        .where(eq(earningsSources.id, source.id));
    }
    if (refusals.length > 0)
      outcome.error = `Transactions left out: ${refusals.slice(0, 5).join("; ")}${outcome.refused > 5 ? "…" : ""}`;
  } catch (error) {
    if (!(error instanceof SourceError)) logger.error({ err: error, source: source.id }, "earnings import failed");
    outcome.error = error instanceof SourceError ? error.message : "The run failed: see the server log";
    if (error instanceof SourceError && error.kind === "rate-limited") retryAfter = error.retryAfterMs ?? 15 * MINUTE;
  }
  const finished = new Date();
  const { error, ...counts } = outcome;
  await db
    .update(earningsSources)
    .set({
      lastFinishedAt: finished,
      lastCounts: counts,
      lastError: error,
      progress: null,
      nextRunAt: new Date(finished.getTime() + (retryAfter ?? source.everyMinutes * MINUTE)),
    })
    .where(eq(earningsSources.id, source.id));
  return outcome;
}

/**
 * The earnings job: each due source, longest-due first; then the converted amounts of what they brought,
 * of transactions waiting for a rate, and of all of them after the site's currency changed.
 */
export async function runDueEarningsSources(
  db: Database,
  context: EarningsRunContext,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const due = await db
    .select({ id: earningsSources.id })
    .from(earningsSources)
    .where(isDue(now))
    .orderBy(sql`${earningsSources.nextRunAt} ASC NULLS FIRST`)
    .limit(DUE_PER_RUN);
  let ran = 0;
  let added = 0;
  for (const { id } of due) {
    const outcome = await runEarningsSource(db, id, context, now);
    if (!outcome) continue;
    ran++;
    added += outcome.added;
  }
  return { ran, added, ...(await convertEarnings(db)) };
}
