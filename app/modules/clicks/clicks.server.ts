import type { Executor } from "#app/db/client.server";
import { clicks } from "#app/db/schema";
import type { ClickKind } from "#app/lib/click-out";

/** One anonymous click: what, when, where on our site, and the referring host. No IP, no user agent. */
export async function recordClick(db: Executor, click: { kind: ClickKind; itemId: string; placement: string | null; referrerHost: string | null }) {
  await db.insert(clicks).values(click);
}
