/** The site's main sections, in the header, the phone menu and the footer. */
export const siteNav = [
  { to: "/deal-dashes", label: "Deal Dashes" },
  { to: "/coupons", label: "Coupons" },
  { to: "/gift-ideas", label: "Gift Ideas" },
  { to: "/buying-guides", label: "Buying Guides" },
] as const;
