import { couponDiscountLabel, dealPriceAndStore } from "#app/lib/money";
import { dealPath, guidePath, storePath } from "#app/lib/public-paths";

import type { MailItem } from "./mail-body.server";

// Deals, coupons and guides as a message lists them, the same in every message (digest, alerts): each
// links to DealDash's own page; an Amazon deal goes without its picture and its price (Amazon allows them
// for 24 hours, and a message is kept for good).

/** A picture's address as a mail client reaches it (the site's own pictures are relative). */
const absolute = (url: string, site: string) => new URL(url, `${site}/`).toString();

export function dealMailItem(
  site: string,
  deal: {
    title: string;
    slug: string;
    price: number;
    asin: string | null;
    store: string | null;
    imageUrl: string | null;
  },
): MailItem {
  return {
    label: deal.title,
    url: site + dealPath(deal),
    note: dealPriceAndStore(deal),
    image: deal.asin || !deal.imageUrl ? null : absolute(deal.imageUrl, site),
    button: "See the deal",
  };
}

export function couponMailItem(
  site: string,
  coupon: { id: string; title: string; type: "percentage" | "fixed"; value: number; store: string; storeSlug: string },
): MailItem {
  return {
    label: coupon.title,
    url: `${site}${storePath({ slug: coupon.storeSlug })}#coupon-${coupon.id}`,
    note: `${couponDiscountLabel(coupon.type, coupon.value)} at ${coupon.store}`,
    button: "Get the code",
  };
}

export function guideMailItem(site: string, guide: { title: string; slug: string; excerpt: string | null }): MailItem {
  return {
    label: guide.title,
    url: `${site}${guidePath(guide)}`,
    note: guide.excerpt ?? "",
    button: "Read the guide",
  };
}
