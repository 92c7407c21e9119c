import { isUuid } from "#app/lib/uuid";
import { recordClickOut } from "#app/modules/clicks/clicks.server";
import { revealCouponCode } from "#app/modules/coupons/coupons-public.server";

import type { Route } from "./+types/coupon-code";

/** 'Show Code': the code of a published, unexpired coupon (counted as a reveal). It is never in the page's HTML. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = isUuid(params.id) ? await revealCouponCode(context.db, params.id) : null;
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!found) return Response.json({ error: "This coupon is not available." }, { status: 404, headers });
  await recordClickOut(
    context.db,
    request,
    { kind: "coupon", id: params.id, trackClicks: true, storeId: found.storeId },
    "reveal",
  );
  return Response.json({ code: found.code }, { headers });
}
