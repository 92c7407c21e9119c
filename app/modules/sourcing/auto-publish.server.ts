import { and, asc, desc, eq, gte } from "drizzle-orm";

import type { Database } from "#app/db/client.server";
import { sourcingCandidates, sourcingSources } from "#app/db/schema";
import type { Service } from "#app/lib/actor";
import type { AmazonApi } from "#app/modules/amazon/amazon-api.server";

import { approveCandidates } from "./approve.server";

// A source the owner lets publish on its own: after each run, its best new offers at or above the owner's
// score are published through the same approval as a click in the queue (audited, announced), up to the
// owner's number a day. Off unless the owner turns it on (ADR 0041).

type Source = typeof sourcingSources.$inferSelect;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Who the audit log names for what a source published without review. */
const publisherOf = (source: Source): Service => ({ id: null, email: `Auto-publish (${source.name})` });

/** What the source published on its own today (UTC). */
export const autoPublishedToday = (
  source: Pick<Source, "autoPublishedDay" | "autoPublishedCount">,
  now = new Date(),
): number => (source.autoPublishedDay === dayOf(now) ? source.autoPublishedCount : 0);

/** Publishes this run's best waiting offers of the source, within its bounds; returns how many. */
export async function autoPublish(
  db: Database,
  source: Source,
  runStartedAt: Date,
  amazon: AmazonApi | null,
): Promise<number> {
  if (!source.autoPublish || source.autoMinScore === null || source.autoDailyCap === null) return 0;
  const before = autoPublishedToday(source);
  const room = source.autoDailyCap - before;
  if (room <= 0) return 0;
  const c = sourcingCandidates;
  const best = await db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.sourceId, source.id),
        eq(c.status, "pending"),
        gte(c.seenAt, runStartedAt),
        gte(c.score, source.autoMinScore),
      ),
    )
    .orderBy(desc(c.score), asc(c.createdAt))
    .limit(room);
  if (best.length === 0) return 0;
  const count = (published: number) =>
    db
      .update(sourcingSources)
      .set({ autoPublishedDay: dayOf(new Date()), autoPublishedCount: before + published })
      .where(eq(sourcingSources.id, source.id));
  // Counted before publishing: a run cut off midway can only have published fewer than the cap allows.
  await count(best.length);
  const { approved } = await approveCandidates(
    db,
    best.map((row) => row.id),
    { publish: true, actor: publisherOf(source), amazon },
  );
  if (approved.length < best.length) await count(approved.length);
  return approved.length;
}
