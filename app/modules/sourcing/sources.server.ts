import { and, asc, count, eq, isNull, lte, or, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { sourcedItems, sourcingSources } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { formatCount } from "#app/lib/counts";
import type { AmazonApiOptions } from "#app/modules/amazon/amazon-api.server";
import { configuredAmazonClient } from "#app/modules/amazon/amazon-service.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { logger } from "#app/platform/logger.server";
import { decryptSecret, encryptSecret } from "#app/platform/secrets-at-rest.server";

import { amazonSearchAdapter } from "./adapters/amazon-search.server";
import { awinAdapter } from "./adapters/awin.server";
import { feedAdapter } from "./adapters/feed.server";
import { impactAdapter } from "./adapters/impact.server";
import { type SourceAdapter, type SourceConnection, SourceError } from "./adapters/source-adapter";
import { autoPublish } from "./auto-publish.server";
import { landOffers, purgeAmazonDetails, withdrawUnseen } from "./candidates.server";
import { type ConfigurableKind, isConfigurableKind, type SourceInput, sourceSettingsSchemas } from "./source.schema";
import { endUnlistedItems, markListed, syncSourcedItems } from "./sync.server";

// The configured sources and their runs. A run claims its source by moving `next_run_at` a lease ahead
// (so two workers never run one source, and a run cut off by a restart is taken up when the lease ends),
// lands what the adapter reads a batch at a time, and records how it went for the sourcing page (ADR 0042).

export const SOURCING_JOB = "sourcing";
const MINUTE = 60_000;
/** How long a run may hold its source before another worker may take it up. */
const LEASE_MINUTES = 30;
/** Sources run per job, the longest-due first. */
const DUE_PER_RUN = 10;

export type Source = typeof sourcingSources.$inferSelect;

const adapters = { feed: feedAdapter, awin: awinAdapter, impact: impactAdapter, amazon: amazonSearchAdapter } as Record<
  string,
  SourceAdapter<unknown> | undefined
>;

export async function listSources(db: Executor): Promise<Source[]> {
  return db.select().from(sourcingSources).orderBy(asc(sourcingSources.name));
}

export async function getSource(db: Executor, id: string): Promise<Source | null> {
  const [source] = await db.select().from(sourcingSources).where(eq(sourcingSources.id, id));
  return source ?? null;
}

/** Settings as the audit log keeps them: a feed address's query may hold a key, so only its path is kept. */
function loggable(settings: object): object {
  const url = "url" in settings && typeof settings.url === "string" ? settings.url : null;
  if (!url?.includes("?")) return settings;
  return { ...settings, url: `${url.slice(0, url.indexOf("?"))}?…` };
}

/**
 * Adds a source (due at once) or changes one, its token encrypted (an empty one keeps the stored token);
 * its audit row says what the owner set, never the token. Null when there is no such source.
 */
export async function saveSource(
  db: Database,
  appSecret: string,
  source: { id?: string; kind: ConfigurableKind },
  input: SourceInput,
  actor: Actor,
): Promise<string | null> {
  const token = "token" in input && input.token ? encryptSecret(input.token, appSecret) : undefined;
  const autoPublish = input.autoPublish
    ? { autoPublish: true, autoMinScore: input.autoMinScore ?? null, autoDailyCap: input.autoDailyCap ?? null }
    : { autoPublish: false, autoMinScore: null, autoDailyCap: null };
  const values = {
    name: input.name,
    everyMinutes: Number(input.everyMinutes),
    enabled: input.enabled,
    settings: input.settings as unknown as Record<string, unknown>,
    ...autoPublish,
    ...(token ? { secret: token } : {}),
  };
  return db.transaction(async (tx) => {
    const before = source.id ? await getSource(tx, source.id) : null;
    const [saved] = source.id
      ? await tx
          .update(sourcingSources)
          .set(values)
          .where(and(eq(sourcingSources.id, source.id), eq(sourcingSources.kind, source.kind)))
          .returning({ id: sourcingSources.id })
      : await tx
          .insert(sourcingSources)
          .values({ ...values, kind: source.kind, nextRunAt: new Date() })
          .returning({ id: sourcingSources.id });
    if (!saved) return null;
    await recordAudit(tx, {
      action: "sourcing",
      actor,
      detail: {
        did: source.id ? "change-source" : "add-source",
        id: saved.id,
        title: input.name,
        settings: loggable(input.settings),
        ...(token ? { token: "changed" } : {}),
      },
    });
    // Publishing without review is a policy the log keeps apart: when it went on, off, or changed bounds.
    const bounds = (row: typeof autoPublish) => (row.autoPublish ? `${row.autoMinScore}/${row.autoDailyCap}` : "off");
    if ((before ? bounds(before) : "off") !== bounds(autoPublish))
      await recordAudit(tx, {
        action: "sourcing",
        actor,
        detail: autoPublish.autoPublish
          ? {
              did: "auto-publish-on",
              id: saved.id,
              title: input.name,
              minScore: autoPublish.autoMinScore,
              dailyCap: autoPublish.autoDailyCap,
            }
          : { did: "auto-publish-off", id: saved.id, title: input.name },
      });
    return saved.id;
  });
}

/**
 * Deletes a source and the candidates it left waiting, unless items made from it are kept in step with it:
 * then it is refused with why (pausing it is the way to stop it).
 */
export async function deleteSource(
  db: Database,
  id: string,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [tied] = await tx.select({ n: count() }).from(sourcedItems).where(eq(sourcedItems.sourceId, id));
    if (tied && tied.n > 0)
      return {
        ok: false,
        message: `${formatCount(tied.n)} ${tied.n === 1 ? "item on the site came" : "items on the site came"} from this source and ${tied.n === 1 ? "is" : "are"} kept in step with it: pause it instead`,
      };
    const [gone] = await tx
      .delete(sourcingSources)
      .where(eq(sourcingSources.id, id))
      .returning({ name: sourcingSources.name });
    if (!gone) return { ok: false, message: "There is no such source" };
    await recordAudit(tx, { action: "sourcing", actor, detail: { did: "delete-source", id, title: gone.name } });
    return { ok: true };
  });
}

/** Pauses or resumes a source; a resumed one is due at once. */
export async function setSourceEnabled(db: Executor, id: string, enabled: boolean): Promise<boolean> {
  const [changed] = await db
    .update(sourcingSources)
    .set({ enabled, ...(enabled ? { nextRunAt: new Date() } : {}) })
    .where(eq(sourcingSources.id, id))
    .returning({ id: sourcingSources.id });
  return Boolean(changed);
}

/** Makes a source due now (its "Run now"); false when it is paused or gone. */
export async function makeSourceDue(db: Executor, id: string): Promise<boolean> {
  const [due] = await db
    .update(sourcingSources)
    .set({ nextRunAt: new Date() })
    .where(and(eq(sourcingSources.id, id), eq(sourcingSources.enabled, true)))
    .returning({ id: sourcingSources.id });
  return Boolean(due);
}

/** Claims a due source for one run; null when it is not due (or another worker has it). */
async function claim(db: Executor, id: string, now: Date): Promise<Source | null> {
  const [claimed] = await db
    .update(sourcingSources)
    .set({ nextRunAt: new Date(now.getTime() + LEASE_MINUTES * MINUTE), lastRunAt: now, progress: "Starting" })
    .where(
      and(
        eq(sourcingSources.id, id),
        eq(sourcingSources.enabled, true),
        or(isNull(sourcingSources.nextRunAt), lte(sourcingSources.nextRunAt, now)),
      ),
    )
    .returning();
  return claimed ?? null;
}

export interface RunOutcome {
  read: number;
  queued: number;
  updated: number;
  withdrawn: number;
  /** Items made from offers the source no longer lists, ended by this run. */
  ended: number;
  /** Candidates it published on its own (when the owner lets it). */
  published: number;
  refused: number;
  error: string | null;
}

/**
 * What every run shares: the app secret decrypts credentials; tests allow local fakes (private addresses,
 * a network's address replaced by its fake's, no pause between pages).
 */
export type RunContext = Omit<SourceConnection, "secret" | "endpointOverride" | "amazon"> & {
  appSecret: string;
  endpoints?: Partial<Record<ConfigurableKind, string>>;
  /** How the Amazon client paces and backs off (tests make it quick). */
  amazonOptions?: AmazonApiOptions;
};

/** A source's stored token, decrypted; one the app secret cannot read (it changed) is a credentials error. */
export function decryptedToken(secret: string | null, appSecret: string): string | null {
  if (!secret) return null;
  try {
    return decryptSecret(secret, appSecret);
  } catch {
    throw new SourceError(
      "The stored API token cannot be read (the app secret changed): enter it again",
      "credentials",
    );
  }
}

/** One run of one source, if it is due: read, land, withdraw what it no longer lists, record how it went. */
export async function runSource(
  db: Database,
  id: string,
  context: RunContext,
  now = new Date(),
): Promise<RunOutcome | null> {
  const source = await claim(db, id, now);
  if (!source) return null;
  const adapter = adapters[source.kind];
  const outcome: RunOutcome = {
    read: 0,
    queued: 0,
    updated: 0,
    withdrawn: 0,
    ended: 0,
    refused: 0,
    published: 0,
    error: null,
  };
  const refusals: string[] = [];
  let retryAfter: number | undefined;
  try {
    if (!adapter || !isConfigurableKind(source.kind))
      throw new SourceError(`${source.kind} sources are not available yet`, "bad-feed");
    const settings = sourceSettingsSchemas[source.kind].safeParse(source.settings);
    if (!settings.success)
      throw new SourceError(
        `The source's settings are incomplete (${settings.error.issues[0]?.message}): edit the source and save it`,
        "bad-feed",
      );
    const { appSecret, endpoints, amazonOptions, ...shared } = context;
    const connection = {
      ...shared,
      secret: decryptedToken(source.secret, appSecret),
      endpointOverride: endpoints?.[source.kind as ConfigurableKind],
      amazon:
        source.kind === "amazon"
          ? ((await configuredAmazonClient(db, appSecret, { ...amazonOptions, endpointOverride: endpoints?.amazon })) ??
            undefined)
          : undefined,
    };
    for await (const batch of adapter.read(settings.data, connection)) {
      // Offers the site has from this source update what they became; the rest may be candidates.
      const synced = await syncSourcedItems(db, source.id, batch.offers, now);
      await markListed(db, source.id, batch.refusedIds ?? [], now);
      const fresh = batch.offers.filter((offer) => !offer.externalId || !synced.has(offer.externalId));
      const landed = await landOffers(db, { id: source.id, kind: source.kind as ConfigurableKind }, fresh, now);
      outcome.read += batch.offers.length;
      outcome.queued += landed.queued;
      outcome.updated += landed.updated;
      outcome.refused += batch.refused.length + landed.unusable;
      refusals.push(...batch.refused);
      // Each batch renews the lease: a long run is never taken for one a restart cut off.
      await db
        .update(sourcingSources)
        .set({
          progress: `${formatCount(outcome.read)} offers read, ${formatCount(outcome.queued)} new`,
          nextRunAt: new Date(Date.now() + LEASE_MINUTES * MINUTE),
        })
        .where(eq(sourcingSources.id, source.id));
    }
    if (adapter.complete) {
      outcome.withdrawn = await withdrawUnseen(db, source.id, now);
      outcome.ended = await endUnlistedItems(db, source.id, now);
    }
    outcome.published = await autoPublish(db, source, now, connection.amazon ?? null);
    if (refusals.length > 0)
      outcome.error = `Rows left out: ${refusals.slice(0, 5).join("; ")}${refusals.length > 5 ? "…" : ""}`;
  } catch (error) {
    if (!(error instanceof SourceError)) logger.error({ err: error, source: source.id }, "sourcing run failed");
    outcome.error = error instanceof SourceError ? error.message : "The run failed: see the server log";
    if (error instanceof SourceError && error.kind === "rate-limited") retryAfter = error.retryAfterMs ?? 15 * MINUTE;
  }
  const finished = new Date();
  await db
    .update(sourcingSources)
    .set({
      lastFinishedAt: finished,
      lastFound: outcome.queued,
      lastError: outcome.error,
      progress: null,
      nextRunAt: new Date(finished.getTime() + (retryAfter ?? source.everyMinutes * MINUTE)),
    })
    .where(eq(sourcingSources.id, source.id));
  return outcome;
}

/** The sourcing job: Amazon's details past their 24 hours purged, then each due source, longest-due first. */
export async function runDueSources(
  db: Database,
  context: RunContext,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const purged = await purgeAmazonDetails(db, now);
  const due = await db
    .select({ id: sourcingSources.id })
    .from(sourcingSources)
    .where(
      and(
        eq(sourcingSources.enabled, true),
        or(isNull(sourcingSources.nextRunAt), lte(sourcingSources.nextRunAt, now)),
      ),
    )
    .orderBy(sql`${sourcingSources.nextRunAt} ASC NULLS FIRST`)
    .limit(DUE_PER_RUN);
  let ran = 0;
  let queued = 0;
  for (const { id } of due) {
    const outcome = await runSource(db, id, context, now);
    if (!outcome) continue;
    ran++;
    queued += outcome.queued;
  }
  return { ran, queued, purged };
}
