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

const KNOWN: ReadonlySet<string> = new Set(PLACEMENTS);

/** `value` when it is a placement, else null. */
export const placementOrNull = (value: string | null | undefined): Placement | null =>
  value && KNOWN.has(value) ? (value as Placement) : null;
