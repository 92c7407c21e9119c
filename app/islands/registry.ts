import type { ComponentType } from "react";

import type { IslandName } from "./island-names";

// Every island, by the name its wrapper carries, and the module whose default export it hydrates. Each
// is fetched when a page has it; the islands in app/islands/ share one file (vite.config.ts).
export const islands = {
  "coupon-card": () => import("./coupon-card"),
  "vote-prompt": () => import("./vote-prompt"),
  "save-deal-button": () => import("./save-deal-button"),
  "saved-deals-link": () => import("./saved-deals-link"),
  "mobile-menu": () => import("./mobile-menu"),
  "newsletter-form": () => import("./newsletter-form"),
  "cookie-banner": () => import("./cookie-banner"),
  toasts: () => import("#app/components/ui/toaster"),
} satisfies Record<IslandName, () => Promise<{ default: ComponentType<never> }>>;
