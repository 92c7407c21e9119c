import { eq } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { siteSettings } from "#app/db/schema";
import type { AppServices } from "#app/platform/load-context";

import { isEmptyDigest, queueDigest, readDigest } from "./digest.server";

// The weekly digest goes out on Mondays at 09:00 UTC while the owner leaves it on (the default); the owner can
// also send one at once from the admin. A scheduled issue is the week's: a run retried later that week
// writes only to the readers the first try did not reach.

export const DIGEST_JOB = "newsletter-digest";
export const DIGEST_CRON = "0 9 * * 1";
const KEY = "newsletter-digest";
export type DigestSchedule = "weekly" | "off";

export async function digestSchedule(db: Executor): Promise<DigestSchedule> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  return row?.value === "off" ? "off" : "weekly";
}

export async function setDigestSchedule(db: Executor, schedule: DigestSchedule): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: schedule })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: schedule, updatedAt: new Date() } });
}

/** Monday 00:00 UTC of the week `now` is in. */
export function weekOf(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

/** The scheduled run: this week's digest to every confirmed reader who does not have it, unless switched off or empty. */
export async function runWeeklyDigest(
  db: Database,
  services: Pick<AppServices, "env" | "appSecret">,
  now = new Date(),
): Promise<Record<string, unknown>> {
  if ((await digestSchedule(db)) === "off") return { skipped: "switched off" };
  const digest = await readDigest(db, now);
  if (isEmptyDigest(digest)) return { skipped: "nothing new this week" };
  return { written: await queueDigest(db, services, digest, weekOf(now)) };
}
