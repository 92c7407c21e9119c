import { withAmazonTrackingId } from "#app/lib/amazon-tracking-ids";
import { isAmazonUrl } from "#app/lib/click-out";
import { placementOrNull } from "#app/lib/placements";
import { withClickId } from "#app/lib/sub-id";
import { isUuid } from "#app/lib/uuid";
import { clickOutType, findClickTarget } from "#app/modules/catalogue/click-out.server";
import { recordClickOut } from "#app/modules/clicks/clicks.server";
import { brokenLinkFallback } from "#app/modules/link-health/link-health.server";

import type { Route } from "./+types/go";

// /go/:kind/:id — the counted click-out. The destination always comes from the database, never the URL.

const notFound = () => new Response("Not found", { status: 404, headers: { "X-Robots-Tag": "noindex" } });

async function target({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const type = clickOutType(params.kind);
  if (!type || !isUuid(params.id)) return null;
  const found = await findClickTarget(type, context.db, params.id);
  return found ? { kind: type.key, ...found } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const found = await target(args);
  if (!found) return notFound();
  const clickId = await recordClickOut(args.context.db, args.request, found);
  const destination = (await brokenLinkFallback(args.context.db, found.kind, args.params.id, found.url)) ?? found.url;
  // The click's id in the network's sub-ID, so its report of a sale names this click (unless the store opts out).
  // Amazon has no sub-ID: its link carries the placement's tracking ID instead.
  const location = isAmazonUrl(destination)
    ? withAmazonTrackingId(destination, placementOrNull(new URL(args.request.url).searchParams.get("from")))
    : withClickId(destination, found.clickIdsOff ? null : clickId);
  return new Response(null, {
    status: 302,
    headers: {
      Location: location,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer-when-downgrade",
    },
  });
}

/** navigator.sendBeacon for links that go straight to the retailer (Amazon): count only. */
export async function action(args: Route.ActionArgs) {
  const found = await target(args);
  if (!found) return notFound();
  await recordClickOut(args.context.db, args.request, found);
  return new Response(null, { status: 204 });
}
