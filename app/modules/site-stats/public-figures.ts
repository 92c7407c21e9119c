// The home page's figures and what of them a public page may show. Pure, so the admin can say the rule.

export interface SiteStats {
  liveDeals: number;
  liveCoupons: number;
  /** Live coupons verified in the last 30 days, by the owner or by shoppers' answers. */
  verifiedCoupons: number;
  clicksOut: number;
  subscribers: number;
}

/**
 * Below this, a figure about the audience (readers, shoppers sent on) reads as a small site boasting: the
 * home page leaves it out, and the admin says so where the figure is kept.
 */
export const AUDIENCE_FIGURE_MIN = 100;

/** The figures the public pages may show: an audience figure below AUDIENCE_FIGURE_MIN is left out (0). */
export const publicFigures = (stats: SiteStats): SiteStats => ({
  ...stats,
  clicksOut: stats.clicksOut >= AUDIENCE_FIGURE_MIN ? stats.clicksOut : 0,
  subscribers: stats.subscribers >= AUDIENCE_FIGURE_MIN ? stats.subscribers : 0,
});
