import { isbot } from "isbot";
import type { Executor } from "#app/db/client.server";
import { clicks } from "#app/db/schema";

export interface ClickOut {
  kind: string;
  id: string;
  trackClicks: boolean;
}

/** Where on our site a click came from (`?from=`), kept short and plain. */
function placementOf(url: URL): string | null {
  return url.searchParams.get("from")?.replace(/[^a-z0-9-]/gi, "").slice(0, 40) || null;
}

function referrerHostOf(request: Request): string | null {
  try {
    return new URL(request.headers.get("referer") ?? "").hostname || null;
  } catch {
    return null; // no referrer, or a malformed one
  }
}

/**
 * Counts one click-out unless the item does not track clicks or a bot made it. Keeps what, when, where on
 * our site and the referring host: no address, no user agent.
 */
export async function recordClickOut(db: Executor, request: Request, target: ClickOut): Promise<void> {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!target.trackClicks || !userAgent || isbot(userAgent)) return;
  await db.insert(clicks).values({
    kind: target.kind,
    itemId: target.id,
    placement: placementOf(new URL(request.url)),
    referrerHost: referrerHostOf(request),
  });
}
