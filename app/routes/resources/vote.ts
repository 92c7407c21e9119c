import { readFormData } from "#app/lib/form-data";
import { allowAttempt, visitorKey, VOTE_LIMIT } from "#app/modules/rate-limit/rate-limit.server";
import { VOTE_ALREADY, VOTE_THANKS, type VoteKind } from "#app/modules/votes/votes";
import { castVote, voteAnswer } from "#app/modules/votes/votes.server";

import type { Route } from "./+types/vote";

// POST /votes/<kind>/<id> with vote=worked|failed (a coupon) or vote=expired (a deal): a shopper's report.
// Cards post it with fetch and show the answer, with what shoppers have said so far (and its tally, for the
// card's own figures); without JavaScript the form posts here and comes back to the page it was sent from.

const answers = {
  counted: { status: 200, message: VOTE_THANKS },
  already: { status: 200, message: VOTE_ALREADY },
  "not-found": { status: 404, message: "This item is not available." },
  invalid: { status: 400, message: "That is not an answer we can count." },
  limited: { status: 429, message: "Too many answers from you. Please try again later." },
} as const;

/** Back to the sending page of this site (same origin only), at the item. */
function backTo(request: Request, anchor: string): string {
  const referer = request.headers.get("referer");
  const here = new URL(request.url);
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.origin === here.origin) return `${from.pathname}${from.search}#${anchor}`;
  } catch {
    // a malformed Referer: go home
  }
  return "/";
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const vote = String(form.get("vote") ?? "");
  const allowed = await allowAttempt(context.db, VOTE_LIMIT, visitorKey(context.clientIp, context.appSecret));
  const outcome = allowed
    ? await castVote(context.db, {
        kind: params.kind,
        id: params.id,
        vote,
        ip: context.clientIp,
        secret: context.appSecret,
      })
    : "limited";
  const answer = answers[outcome];
  const headers = { "Cache-Control": "no-store" };
  if (request.headers.get("accept")?.includes("application/json")) {
    if (outcome !== "counted") return Response.json({ message: answer.message }, { status: answer.status, headers });
    return Response.json(await voteAnswer(context.db, params.kind as VoteKind, params.id), {
      status: answer.status,
      headers,
    });
  }
  return new Response(null, {
    status: 303,
    headers: { ...headers, Location: backTo(request, `${params.kind}-${params.id}`) },
  });
}
