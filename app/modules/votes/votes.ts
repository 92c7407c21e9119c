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
export const VOTE_ALREADY = "You already told us about this one today.";
