import { and, eq, or, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { deals, sourcingCandidates } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { recordAudit } from "#app/modules/audit/audit.server";

import { offerKeyOf } from "./offer-key";
import type { Tip } from "./tip.schema";

// The review queue's rows: what the sources offer, each offer once (by its key), waiting for the owner.
// Nothing here publishes: a candidate becomes content only by the owner's hand (ADR 0041).

/** What became of a tip: a new candidate, one already waiting, or a deal the site already has. */
export type TipOutcome = "queued" | "waiting" | "on-site";

/** Whether a live or draft deal is already this offer: for now by ASIN, the key a deal stores. */
async function onSite(db: Executor, key: string): Promise<boolean> {
  if (!key.startsWith("asin:")) return false;
  const [found] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.amazonAsin, key.slice("asin:".length)),
        or(eq(deals.status, "published"), eq(deals.status, "draft")),
      ),
    )
    .limit(1);
  return Boolean(found);
}

/** Queues a shopper's tip for review, unless the same offer waits already or the site has it. */
export async function queueTip(db: Database, tip: Tip): Promise<TipOutcome> {
  const key = offerKeyOf(tip.url);
  // The schema accepted only http(s) addresses, which always have a key.
  if (!key) throw new Error("A tip without a web address");
  if (await onSite(db, key)) return "on-site";
  const [queued] = await db
    .insert(sourcingCandidates)
    .values({
      source: "tip",
      dedupeKey: key,
      url: tip.url,
      title: tip.title,
      price: tip.price ?? null,
      note: tip.note || null,
    })
    .onConflictDoNothing({ target: sourcingCandidates.dedupeKey, where: sql`${sourcingCandidates.status} = 'pending'` })
    .returning({ id: sourcingCandidates.id });
  return queued ? "queued" : "waiting";
}

export type Candidate = typeof sourcingCandidates.$inferSelect;

/**
 * A page of the waiting candidates, newest first, read off the queue's index from the row after `after`
 * (a candidate's id: its time is read in the database, to the microsecond a JavaScript date would lose).
 */
export async function waitingCandidates(
  db: Executor,
  options: { limit: number; after?: string },
): Promise<{ rows: Candidate[]; hasNext: boolean }> {
  const { after, limit } = options;
  const rows = await db
    .select()
    .from(sourcingCandidates)
    .where(
      and(
        eq(sourcingCandidates.status, "pending"),
        after
          ? sql`(${sourcingCandidates.createdAt}, ${sourcingCandidates.id}) < (select c.created_at, c.id from ${sourcingCandidates} c where c.id = ${after})`
          : undefined,
      ),
    )
    .orderBy(descNullsLast(sourcingCandidates.createdAt), descNullsLast(sourcingCandidates.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasNext: rows.length > limit };
}

/** Turns a waiting candidate down with the owner's reason; false when it is not waiting (gone, or decided). */
export async function rejectCandidate(db: Database, id: string, reason: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(sourcingCandidates)
      .set({ status: "rejected", rejectReason: reason, reviewedAt: new Date(), reviewedBy: actor.id })
      .where(and(eq(sourcingCandidates.id, id), eq(sourcingCandidates.status, "pending")))
      .returning({ title: sourcingCandidates.title, source: sourcingCandidates.source });
    if (!rejected) return false;
    await recordAudit(tx, {
      action: "sourcing",
      actor,
      detail: { did: "reject", id, title: rejected.title, source: rejected.source, reason },
    });
    return true;
  });
}
