// Shoppers' reports on items (issue: 'Did it work?'): what each kind may be told, and how a coupon's
// success rate is shown. Shared by the cards and the vote route.

export const VOTES_BY_KIND = { coupon: ["worked", "failed"], deal: ["expired"] } as const;
export type VoteKind = keyof typeof VOTES_BY_KIND;
export type Vote = (typeof VOTES_BY_KIND)[VoteKind][number];

/** Below this many answers a success rate says more about chance than about the code. */
export const MIN_VOTES_FOR_RATE = 5;

export function isVoteFor(kind: string, vote: string): kind is VoteKind {
  return kind in VOTES_BY_KIND && (VOTES_BY_KIND[kind as VoteKind] as readonly string[]).includes(vote);
}

/** The share of 'Worked' answers in whole percent, once there are enough answers; otherwise null. */
export function successRate(worked: number, failed: number): number | null {
  const votes = worked + failed;
  return votes >= MIN_VOTES_FOR_RATE ? Math.round((worked / votes) * 100) : null;
}

export const VOTE_THANKS = "Thanks for letting us know.";

/** An item's answers so far. */
export interface VoteTally {
  worked: number;
  failed: number;
  expired: number;
}

/**
 * What a shopper is told once their answer is counted: what shoppers have said so far. A coupon without a
 * code (the link alone saves) has no code to have worked.
 */
export function voteResult(kind: VoteKind, tally: VoteTally, hasCode = true): string {
  if (kind === "deal")
    return `${VOTE_THANKS} ${tally.expired} ${tally.expired === 1 ? "shopper has" : "shoppers have"} said it has expired.`;
  const answers = tally.worked + tally.failed;
  if (successRate(tally.worked, tally.failed) === null)
    return `${VOTE_THANKS} ${answers === 1 ? "You are the first to answer." : `${answers} shoppers have answered.`}`;
  return `Thanks! ${tally.worked} of ${answers} shoppers say ${hasCode ? "this code" : "it"} worked.`;
}
export const VOTE_ALREADY = "You already told us about this one today.";
