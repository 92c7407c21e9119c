import { data } from "react-router";

import { AffiliateLink } from "#app/components/site/affiliate-link";
import { Breadcrumbs } from "#app/components/site/breadcrumbs";
import { couponDiscountLabel } from "#app/lib/money";
import { placementOrNull } from "#app/lib/placements";
import { storePath } from "#app/lib/public-paths";
import { pageMeta } from "#app/lib/seo";
import { isUuid } from "#app/lib/uuid";
import { recordClickOut } from "#app/modules/clicks/clicks.server";
import { findPublicCouponsByIds, revealCouponCode } from "#app/modules/coupons/coupons-public.server";

import type { Route } from "./+types/coupon-show";

// 'Show Code' without JavaScript: the card's link comes here, where the code is shown (and counted as a
// reveal, as the card's own fetch is) with the way on to the store. With JavaScript the card shows the
// code in place and opens the store itself; this page is never cached or indexed.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [found, cards] = isUuid(params.id)
    ? await Promise.all([revealCouponCode(context.db, params.id), findPublicCouponsByIds(context.db, [params.id])])
    : [null, []];
  const coupon = cards[0];
  if (!found || !coupon) throw data(null, { status: 404 });
  await recordClickOut(
    context.db,
    request,
    { kind: "coupon", id: params.id, trackClicks: true, storeId: found.storeId },
    "reveal",
  );
  const placement = placementOrNull(new URL(request.url).searchParams.get("from")) ?? "coupon-code";
  return data(
    { coupon, code: found.code, placement },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `${loaderData.coupon.title}: the code` : "Coupon code",
    "The coupon's code, and the way to the store.",
  ),
  { name: "robots", content: "noindex" },
];

export default function CouponShow({ loaderData: { coupon, code, placement } }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { label: "Home", to: "/" },
          { label: coupon.storeName, to: storePath({ slug: coupon.storeSlug }) },
          { label: coupon.title },
        ]}
      />
      <article
        className="space-y-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
        data-testid="coupon-shown"
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{coupon.storeName}</p>
        <h1 className="text-2xl font-extrabold tracking-tight">{coupon.title}</h1>
        <p className="text-gray-700">{couponDiscountLabel(coupon.discountType, coupon.discountValue)}</p>
        {code ? (
          <>
            <p className="text-sm text-gray-600">Copy this code, then enter it at checkout:</p>
            <p className="rounded-lg border-2 border-dashed border-gray-300 p-4 text-center">
              <code data-testid="coupon-code" className="font-mono text-2xl font-bold tracking-widest text-gray-900">
                {code}
              </code>
            </p>
          </>
        ) : (
          <p className="text-gray-700">No code needed: the discount applies at the store.</p>
        )}
        {coupon.targetUrl ? (
          <AffiliateLink
            kind="coupon"
            id={coupon.id}
            url={coupon.targetUrl}
            placement={placement}
            className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
          >
            Go to {coupon.storeName}
          </AffiliateLink>
        ) : null}
      </article>
    </main>
  );
}
