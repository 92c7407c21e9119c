import { sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { linkChecks, type LinkTarget } from "#app/db/schema";

import type { CheckOutcome } from "./link-check.server";

// Link checks' bookkeeping, apart from the checker so the Amazon price refresh can record its verdicts
// without importing the content registry (which imports it).

export interface DueLink {
  kind: string;
  id: string;
  /** The item's outbound link, or its picture. */
  target: LinkTarget;
  url: string;
}

/**
 * Records a check of an item's link or picture: a problem counts one more failure in a row (of the same URL), a
 * success or no verdict (null) clears them. Amazon links get their verdict from the Amazon API (the price
 * refresh), never from a request to Amazon.
 */
export async function recordLinkCheck(
  db: Executor,
  link: DueLink,
  outcome: CheckOutcome | null,
  now: Date,
): Promise<void> {
  const problem = outcome && !outcome.ok ? outcome.problem : null;
  await db
    .insert(linkChecks)
    .values({
      kind: link.kind,
      itemId: link.id,
      target: link.target,
      url: link.url,
      checkedAt: now,
      status: outcome?.status ?? null,
      problem,
      failures: problem ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [linkChecks.kind, linkChecks.itemId, linkChecks.target],
      set: {
        url: link.url,
        checkedAt: now,
        status: outcome?.status ?? null,
        problem,
        failures: problem
          ? sql`CASE WHEN ${linkChecks.url} = ${link.url} THEN ${linkChecks.failures} + 1 ELSE 1 END`
          : 0,
      },
    });
}
