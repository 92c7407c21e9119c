import { eq } from "drizzle-orm";

import { coupons } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { recordAudit } from "#app/modules/audit/audit.server";
import type { AppServices } from "#app/platform/load-context";

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
