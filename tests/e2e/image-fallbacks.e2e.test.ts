import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { test } from "./support/browser";

// Every card and page picture has a fallback (the store's initial, the kind's icon) that shows without
// JavaScript when the picture fails to load: no broken-image icon in an empty grey box.

/** Whether the fallback under `box`'s picture is what the eye sees: the box looks different without it. */
async function fallbackShows(page: Page, box: Locator): Promise<boolean> {
  const clip = (await box.boundingBox())!;
  const withFallback = await page.screenshot({ clip });
  await box.getByTestId("image-fallback").evaluate((fallback) => ((fallback as HTMLElement).style.display = "none"));
  const without = await page.screenshot({ clip });
  await box.getByTestId("image-fallback").evaluate((fallback) => ((fallback as HTMLElement).style.display = ""));
  return !withFallback.equals(without);
}

/** Whether every picture in `box` has finished loading, and failed. */
const picturesFailed = (box: Locator) =>
  box
    .locator("img")
    .evaluateAll((images) =>
      images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 0),
    );

describe("pictures that fail", () => {
  test("show the store's initial on deal cards and the deal page, without JavaScript", async ({ openPage }) => {
    const { page, context } = await openPage();
    await context.route("**/*", (route) =>
      ["script", "image"].includes(route.request().resourceType()) ? route.abort() : route.continue(),
    );
    await page.goto("/deal-dashes");
    const card = page.getByTestId("deal-card").first();
    const store = (await card.locator("p").first().textContent())!.trim();
    const picture = card.getByTestId("image-fallback").locator("..");
    await expect.poll(() => picturesFailed(picture), { timeout: 60_000 }).toBe(true);
    expect((await picture.getByTestId("image-fallback").textContent())!.trim()).toBe(store.charAt(0).toUpperCase());
    expect(await fallbackShows(page, picture)).toBe(true);

    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/deals\//);
    const main = page.getByRole("img", { name: title });
    await expect.poll(() => picturesFailed(main), { timeout: 60_000 }).toBe(true);
    expect(await fallbackShows(page, main)).toBe(true);
  });

  test("show the kind's icon on gift and guide cards", async ({ openPage }) => {
    const { page, context } = await openPage();
    await context.route("**/*", (route) =>
      route.request().resourceType() === "image" ? route.abort() : route.continue(),
    );
    for (const [path, testId] of [
      ["/gift-ideas", "gift-card"],
      ["/buying-guides", "guide-card"],
    ] as const) {
      await page.goto(path);
      const picture = page.getByTestId(testId).first().getByTestId("image-fallback").locator("..");
      await expect.poll(() => picturesFailed(picture), { timeout: 60_000 }).toBe(true);
      expect(await picture.locator("svg").count(), path).toBe(1);
      expect(await fallbackShows(page, picture), path).toBe(true);
    }
  });
});
