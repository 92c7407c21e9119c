import { isbot } from "isbot";

import type { Executor } from "#app/db/client.server";
import { clicks } from "#app/db/schema";
import { placementOrNull } from "#app/lib/placements";

import { deviceClassOf } from "./device-class";

export interface ClickOut {
  kind: string;
  id: string;
  trackClicks: boolean;
  storeId: string | null;
  categoryId?: string | null;
}

export type ClickAction = "click" | "reveal";

function referrerHostOf(request: Request): string | null {
  try {
    return new URL(request.headers.get("referer") ?? "").hostname || null;
  } catch {
    return null; // no referrer, or a malformed one
  }
}

/**
 * Counts one click-out (or, with `action: "reveal"`, a coupon code shown) unless the item does not track
 * clicks or a bot made it, and answers the click's id (null when not counted). Keeps what, when, where on
 * our site, the referring host and the device class: no address, no user agent.
 */
export async function recordClickOut(
  db: Executor,
  request: Request,
  target: ClickOut,
  action: ClickAction = "click",
): Promise<string | null> {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!target.trackClicks || !userAgent || isbot(userAgent)) return null;
  const [click] = await db
    .insert(clicks)
    .values({
      kind: target.kind,
      itemId: target.id,
      action,
      storeId: target.storeId,
      categoryId: target.categoryId ?? null,
      placement: placementOrNull(new URL(request.url).searchParams.get("from")),
      referrerHost: referrerHostOf(request),
      device: deviceClassOf(userAgent),
    })
    .returning({ id: clicks.id });
  return click?.id ?? null;
}
