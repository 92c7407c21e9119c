// Where on the site a click-out starts (`/go/<kind>/<id>?from=<placement>`), as analytics reports it. A fixed
// list: `?from=` is anyone's to write, and what is not on it is kept as no placement.

export const PLACEMENTS = [
  "home-hot",
  "home-coupons",
  "deal-dashes",
  "coupons",
  "search",
  "deal-page",
  "deal-page-related",
  "store-page",
  "category-page",
  "gift-page",
  "guide",
  "guide-inline",
  "coupon-code",
] as const;

export type Placement = (typeof PLACEMENTS)[number];

/** Each placement in words, for the owner's settings. */
export const PLACEMENT_LABELS: Record<Placement, string> = {
  "home-hot": "Home page: hot deals",
  "home-coupons": "Home page: coupons",
  "deal-dashes": "Deal Dashes list",
  coupons: "Coupons list",
  search: "Search results",
  "deal-page": "Deal page",
  "deal-page-related": "Deal page: related deals",
  "store-page": "Store pages",
  "category-page": "Category pages",
  "gift-page": "Gift idea pages",
  guide: "Buying guides: cards",
  "guide-inline": "Buying guides: links in the text",
  "coupon-code": "Coupon code pages",
};

const KNOWN: ReadonlySet<string> = new Set(PLACEMENTS);

/** `value` when it is a placement, else null. */
export const placementOrNull = (value: string | null | undefined): Placement | null =>
  value && KNOWN.has(value) ? (value as Placement) : null;
