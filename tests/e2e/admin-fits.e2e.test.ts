import { describe, expect } from "vitest";

import { sidewaysScrollers, signIn, test } from "./support/browser";

// Every admin list fits a 1,280 px laptop and a 390 px phone: neither the page nor any box inside it
// scrolls sideways, so no row action is ever off-screen.

const lists = [
  "/admin/deals",
  "/admin/coupons",
  "/admin/gift-ideas",
  "/admin/buying-guides",
  "/admin/stores",
  "/admin/categories",
  "/admin/attention",
  "/admin/calendar",
  "/admin/jobs",
  "/admin/analytics",
  "/admin/newsletter",
  "/admin/outbox",
  "/admin/settings/webhooks",
  "/admin/settings/site",
];

describe("admin lists fit the screen", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px nothing scrolls sideways`, async ({ openPage }) => {
      const { page } = await openPage({ viewport });
      await signIn(page);
      const scrolling: Record<string, string[]> = {};
      for (const path of lists) {
        await page.goto(path);
        const found = await sidewaysScrollers(page);
        if (found.length) scrolling[path] = found;
      }
      expect(scrolling).toEqual({});
    });
  }
});
