import { and, eq, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { announceContentChange } from "#app/db/content-change-notice.server";
import { coupons, itemVotes, itemVoteTallies } from "#app/db/schema";
import { isUuid } from "#app/lib/uuid";
import { clickOutType, findClickTarget } from "#app/modules/catalogue/click-out.server";
import { visitorKey } from "#app/modules/rate-limit/rate-limit.server";
import { logger } from "#app/platform/logger.server";

import { isVoteFor, type Vote, type VoteKind, voteResult, type VoteTally } from "./votes";

export type VoteOutcome = "counted" | "already" | "not-found" | "invalid";

const tallyColumn = {
  worked: itemVoteTallies.worked,
  failed: itemVoteTallies.failed,
  expired: itemVoteTallies.expired,
} as const;

/** What a shopper is told once their answer is counted, with the item's answers so far. */
export async function voteAnswer(
  db: Executor,
  kind: VoteKind,
  id: string,
): Promise<{ message: string; tally: VoteTally }> {
  const tally = await tallyOf(db, kind, id);
  return { message: voteResult(kind, tally, kind !== "coupon" || (await couponHasCode(db, id))), tally };
}

async function couponHasCode(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ code: coupons.couponCode }).from(coupons).where(eq(coupons.id, id));
  return Boolean(row?.code?.trim());
}

/** An item's answers so far (none yet: all zero). */
async function tallyOf(db: Executor, kind: string, id: string): Promise<VoteTally> {
  const [row] = await db
    .select({ worked: itemVoteTallies.worked, failed: itemVoteTallies.failed, expired: itemVoteTallies.expired })
    .from(itemVoteTallies)
    .where(and(eq(itemVoteTallies.kind, kind), eq(itemVoteTallies.itemId, id)));
  return row ?? { worked: 0, failed: 0, expired: 0 };
}

/** How long coupons' new tallies wait before cached pages are told, gathering every vote in between. */
export const TALLY_NOTICE_DELAY_MS = 15_000;
let tallyNotice: NodeJS.Timeout | undefined;

/**
 * A coupon's card shows its votes, but a vote does not empty the page cache at once: anyone may vote, from
 * any address, and each emptying costs every page a render. Votes are told to cached pages (every
 * process's, through the content NOTIFY) once per TALLY_NOTICE_DELAY_MS at most; the voter's own card shows
 * the new tally at once, from the vote's answer.
 */
function noticeTallies(db: Executor): void {
  tallyNotice ??= setTimeout(() => {
    tallyNotice = undefined;
    // Not told (the database closing): the pages show the tallies at their next render, five minutes at most.
    announceContentChange(db, "item_vote_tallies").catch((error: unknown) =>
      logger.warn({ err: error }, "could not tell cached pages about votes"),
    );
  }, TALLY_NOTICE_DELAY_MS).unref();
}

/**
 * Counts a shopper's report on a live item, once per visitor per item per UTC day. The visitor is a keyed
 * hash of the address and the day: nothing personal is kept, and days cannot be linked.
 */
export async function castVote(
  db: Database,
  ballot: { kind: string; id: string; vote: string; ip: string; secret: string; now?: Date },
): Promise<VoteOutcome> {
  const { kind, id, vote } = ballot;
  if (!isVoteFor(kind, vote) || !isUuid(id)) return "invalid";
  const type = clickOutType(kind);
  if (!type || !(await findClickTarget(type, db, id))) return "not-found";
  const now = ballot.now ?? new Date();
  const day = now.toISOString().slice(0, 10);
  const voter = visitorKey(ballot.ip, ballot.secret, `${day}|`);
  return db.transaction(async (tx) => {
    const cast = await tx
      .insert(itemVotes)
      .values({ kind, itemId: id, day, voter, vote, createdAt: now })
      .onConflictDoNothing()
      .returning({ vote: itemVotes.vote });
    if (cast.length === 0) return "already";
    const column = tallyColumn[vote as Vote];
    // The tally's columns are named after the votes.
    const lastWorkedAt = vote === "worked" ? now : null;
    await tx
      .insert(itemVoteTallies)
      .values({ kind, itemId: id, [vote]: 1, lastWorkedAt })
      .onConflictDoUpdate({
        target: [itemVoteTallies.kind, itemVoteTallies.itemId],
        set: { [vote]: sql`${column} + 1`, ...(lastWorkedAt ? { lastWorkedAt } : {}) },
      });
    if (kind === "coupon") noticeTallies(db);
    return "counted";
  });
}
