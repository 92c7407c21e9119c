import { and, eq, gt, gte, or, type SQL, sql } from "drizzle-orm";

import { coupons, itemVoteTallies } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { recordAudit } from "#app/modules/audit/audit.server";
import { MIN_VOTES_FOR_RATE } from "#app/modules/votes/votes";
import type { AppServices } from "#app/platform/load-context";

/** How recent a check must be for a coupon to count as verified where the site says "Verified". */
export const VERIFIED_WITHIN_DAYS = 30;

/**
 * A coupon is verified when, in the last VERIFIED_WITHIN_DAYS, the owner marked it so, or shoppers said it
 * worked: enough answers for a rate (MIN_VOTES_FOR_RATE), more of them 'worked' than 'failed', the last
 * 'worked' recent. Read with `itemVoteTallies` joined on the coupon.
 */
export function verifiedLately(now: Date): SQL {
  const since = new Date(now.getTime() - VERIFIED_WITHIN_DAYS * 86_400_000);
  return or(
    gte(coupons.verifiedAt, since),
    and(
      gte(itemVoteTallies.lastWorkedAt, since),
      gt(itemVoteTallies.worked, itemVoteTallies.failed),
      sql`${itemVoteTallies.worked} + ${itemVoteTallies.failed} >= ${MIN_VOTES_FOR_RATE}`,
    ),
  )!;
}

/** An admin checked that the coupon's code works: its cards say 'Last verified just now'. Audited. */
export async function markCouponVerified(services: Pick<AppServices, "db">, id: string, actor: Actor): Promise<Toast> {
  const verified = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(coupons)
      .set({ verifiedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning({ title: coupons.title });
    if (row)
      await recordAudit(tx, { action: "verify", actor, entity: "coupon", entityId: id, detail: { title: row.title } });
    return row;
  });
  return verified ? successToast("Coupon marked as verified") : errorToast("Failed to fetch coupon details");
}
