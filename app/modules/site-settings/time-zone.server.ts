import { eq } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { announceContentChange } from "#app/db/content-change-notice.server";
import { siteSettings } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { isTimeZone } from "#app/lib/dates";
import { recordAudit } from "#app/modules/audit/audit.server";
import { forgetContentMemos, keptUntilContentChanges } from "#app/platform/content-memo.server";

// The site's time zone (Admin → Settings → Site): schedules are typed and every date is shown in it. UTC
// until the owner chooses one, or until the first sign-in, which takes the owner's browser's zone.

const KEY = "time-zone";

/** The zone, read again when content changes (saving it is such a change, in every process). */
export const readSiteTimeZone = keptUntilContentChanges(async (db: Executor): Promise<string> => {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  return typeof row?.value === "string" && isTimeZone(row.value) ? row.value : "UTC";
});

/** Whether the owner (or a first sign-in) has chosen a zone yet. */
export async function siteTimeZoneChosen(db: Executor): Promise<boolean> {
  const [row] = await db.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.key, KEY));
  return Boolean(row);
}

/**
 * Saves the zone, audited; every page shows its dates in it from the next request on (the content
 * NOTIFY empties the page caches and forgets the kept reads of every process). False for a name the
 * runtime does not know.
 */
export async function saveSiteTimeZone(db: Executor, timeZone: string, actor: Actor): Promise<boolean> {
  if (!isTimeZone(timeZone)) return false;
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: timeZone })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: timeZone, updatedAt: new Date() } });
  await recordAudit(db, { action: "update", actor, entity: "site-settings", detail: { timeZone } });
  await announceContentChange(db, "site_settings");
  forgetContentMemos();
  return true;
}
