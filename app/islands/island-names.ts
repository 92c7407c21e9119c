// The names islands are known by: the wrapper carries one (island.tsx), the registry maps each to its module
// (registry.ts), and the compiler holds the two to the same list.
export const islandNames = [
  "coupon-card",
  "vote-prompt",
  "save-deal-button",
  "saved-deals-link",
  "mobile-menu",
  "newsletter-form",
  "cookie-banner",
  "toasts",
] as const;

export type IslandName = (typeof islandNames)[number];
