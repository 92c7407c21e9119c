import { describe, expect } from "vitest";

import { baseUrl, test } from "./support/browser";

/** A vote from another visitor (the test server trusts loopback's X-Forwarded-For). */
const voteAs = (ip: string, path: string, vote: string) =>
  fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body: new URLSearchParams({ vote }),
    headers: { accept: "application/json", "x-forwarded-for": ip },
  });

describe("shopper votes", () => {
  test("a coupon's 'Did it work?' tells the shopper what others said, once there are five answers shows the success rate and when it last worked, and counts a visitor once a day", async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto("/coupons");
    // Hydrated, so the answer comes back in place instead of the form posting.
    await page.waitForLoadState("networkidle");
    const unanswered = page
      .getByTestId("coupon-card")
      .filter({ has: page.getByText("Did it work?") })
      .last();
    const id = (await unanswered.getAttribute("id"))!.replace(/^coupon-/, "");
    const title = (await unanswered.getByRole("heading").textContent())!.trim();
    // Held by its id: once answered, the card no longer asks.
    const card = page.locator(`#coupon-${id}`);
    expect(await card.getByTestId("coupon-trust").count()).toBe(0);

    const path = `/votes/coupon/${id}`;
    const answers: Array<{ message: string }> = [];
    for (const [ip, vote] of [
      ["203.0.113.11", "worked"],
      ["203.0.113.12", "worked"],
      ["203.0.113.13", "failed"],
      ["203.0.113.14", "worked"],
    ] as const) {
      const answer = await voteAs(ip, path, vote);
      expect(answer.status).toBe(200);
      answers.push((await answer.json()) as { message: string });
    }
    expect(answers[0]!.message).toBe("Thanks for letting us know. You are the first to answer.");
    expect(answers[3]!.message).toBe("Thanks for letting us know. 4 shoppers have answered.");

    // The fifth answer, in the page: the shopper is told what shoppers say, and the card shows it at once.
    await card.getByRole("button", { name: "Worked" }).click();
    await card.getByText("Thanks! 4 of 5 shoppers say this code worked.").waitFor();
    expect(await card.getByTestId("coupon-trust").textContent()).toBe("80% success (5 votes) · Last worked just now");
    // The same visitor again the same day is not counted twice.
    expect(
      await (
        await fetch(`${baseUrl()}${path}`, {
          method: "POST",
          body: new URLSearchParams({ vote: "failed" }),
          headers: { accept: "application/json" },
        })
      ).json(),
    ).toEqual({
      message: "You already told us about this one today.",
    });

    // Other visitors' cached pages are told about votes a quarter of a minute after them, at most.
    await expect
      .poll(
        async () => {
          await page.reload();
          // Until the page is told, the card shows no figures yet: read what is there without waiting for them.
          const trust = page.getByTestId("coupon-card").filter({ hasText: title }).getByTestId("coupon-trust");
          return (await trust.count()) > 0 ? trust.textContent() : null;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe("80% success (5 votes) · Last worked just now");
  });

  test("without JavaScript, 'Expired?' on a deal page posts and comes back to the deal", async ({ openPage }) => {
    const { page, context } = await openPage();
    await context.route("**/*.js", (route) => route.abort());
    await page.goto("/deal-dashes");
    const card = page.getByTestId("deal-card").first();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/deals\//);
    const dealUrl = new URL(page.url());
    await page.getByRole("button", { name: "Expired?" }).click();
    await page.waitForURL((url) => url.pathname === dealUrl.pathname && url.hash.startsWith("#deal-"));
    expect(await page.getByRole("button", { name: "Expired?" }).count()).toBe(1);
    expect((await voteAs("203.0.113.20", "/votes/deal/not-an-id", "expired")).status).toBe(400);
  });
});
