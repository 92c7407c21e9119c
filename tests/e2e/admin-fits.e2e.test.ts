import { describe, expect } from "vitest";

import { sidewaysScrollers, test } from "./support/browser";

// Every admin list, and the longest forms, fit a 1,280 px laptop and a 390 px phone: neither the page nor
// any box inside it scrolls sideways, so no row action or field is ever off-screen.

const paths = [
  "/admin",
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
  "/admin/deals/add",
  "/admin/buying-guides/add",
  "/admin/settings/amazon",
];
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the admin fits the screen", () => {
  test("at 1,280 px and at 390 px nothing scrolls sideways", async ({ adminPage: page }) => {
    const scrolling: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(path);
      // The admin's layout follows the width by CSS alone, so one load is measured at both widths.
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const found = await sidewaysScrollers(page);
        if (found.length) scrolling[`${path} at ${viewport.width} px`] = found;
      }
      await page.setViewportSize(LAPTOP);
    }
    expect(scrolling).toEqual({});
  });
});
