import { isbot } from "isbot";
import { db } from "#app/db/database.server";
import { isUuid } from "#app/lib/uuid";
import type { ClickKind } from "#app/lib/click-out";
import { recordClick } from "#app/modules/clicks/clicks.server";
import { findCouponClickTarget } from "#app/modules/coupons/coupons-public.server";
import { findDealClickTarget } from "#app/modules/deals/deals-public.server";
import { findGiftClickTarget } from "#app/modules/gift-ideas/gift-ideas-public.server";
import type { Route } from "./+types/go";

// /go/:kind/:id — the counted click-out. The destination always comes from the database, never the URL.

// A Map, not an object: a kind from the URL such as "__proto__" or "constructor" must find nothing.
const finders = new Map<string, typeof findDealClickTarget>([
  ["deal", findDealClickTarget],
  ["coupon", findCouponClickTarget],
  ["gift", findGiftClickTarget],
]);

const notFound = () => new Response("Not found", { status: 404, headers: { "X-Robots-Tag": "noindex" } });

async function target(params: Route.LoaderArgs["params"]) {
  const find = finders.get(params.kind);
  if (!find || !isUuid(params.id)) return null;
  const found = await find(db(), params.id);
  return found ? { kind: params.kind as ClickKind, ...found } : null;
}

/** Counts a click unless a bot made it; keeps only where on our site and the referring host. */
async function count(request: Request, found: { kind: ClickKind; id: string; trackClicks: boolean }) {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!found.trackClicks || !userAgent || isbot(userAgent)) return;
  const url = new URL(request.url);
  const placement = url.searchParams.get("from")?.replace(/[^a-z0-9-]/gi, "").slice(0, 40) || null;
  let referrerHost: string | null = null;
  try {
    referrerHost = new URL(request.headers.get("referer") ?? "").hostname || null;
  } catch {
    // no or malformed referrer
  }
  await recordClick(db(), { kind: found.kind, itemId: found.id, placement, referrerHost });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await target(params);
  if (!found) return notFound();
  await count(request, found);
  return new Response(null, {
    status: 302,
    headers: { Location: found.url, "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer-when-downgrade" },
  });
}

/** navigator.sendBeacon for links that go straight to the retailer (Amazon): count only. */
export async function action({ request, params }: Route.ActionArgs) {
  const found = await target(params);
  if (!found) return notFound();
  await count(request, found);
  return new Response(null, { status: 204 });
}
