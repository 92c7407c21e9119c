import { isUuid } from "#app/lib/uuid";
import { revealCouponCode } from "#app/modules/coupons/coupons-public.server";
import type { Route } from "./+types/coupon-code";


/** 'Show Code': the code of a published, unexpired coupon. It is never in the page's HTML. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isUuid(params.id) ? await revealCouponCode(context.db, params.id) : null;
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!found) return Response.json({ error: "This coupon is not available." }, { status: 404, headers });
  return Response.json({ code: found.code }, { headers });
}
