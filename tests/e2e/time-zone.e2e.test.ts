import { describe, expect } from "vitest";

import { startServer } from "../../scripts/lib/server-process";
import { dataDirsPerFile, publishDealInAdmin, signIn, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-time-zone-");
const owner = { email: "owner@example.com", password: "owner-password" };

describe("the site's time zone", () => {
  // Its own server: the first sign-in sets the zone, and the test changes it.
  test("the first sign-in takes the owner's zone; schedules are typed and shown in it, with it named; the calendar lists the week", async ({
    openPage,
  }) => {
    const server = await startServer({
      dataDir: dataDir(),
      env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, LINK_CHECKS_PER_MINUTE: "0" },
    });
    try {
      const { page } = await openPage({ url: server.url, timezoneId: "America/New_York" });
      await signIn(page, owner);
      await page.goto("/admin/settings/site");
      expect(await page.getByLabel("Time zone").inputValue()).toBe("America/New_York");

      // A deal to go live next Wednesday at 09:00 New York time.
      const title = `Zoned Soundbar ${Date.now()}`;
      const nextWednesday = await page.evaluate(() => {
        const now = new Date();
        const day = new Date(now.toLocaleString("en-US", { timeZone: "America/New_York" }));
        day.setDate(day.getDate() + ((3 - day.getDay() + 7) % 7 || 7));
        return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
      });
      await page.goto("/admin/deals/add");
      await page.getByText("Schedule (America/New_York)").waitFor();
      await publishDealInAdmin(page, { title, store: "Best Buy", price: "199", publishAt: `${nextWednesday}T09:00` });
      const row = page.getByRole("row").filter({ hasText: title });
      const note = (await row.getByText(/^Publishes /).textContent())!;
      expect(note).toMatch(/, 9:00 AM E[SD]T$/);

      // The calendar has it on that Wednesday at 9:00 AM.
      await page.goto(`/admin/calendar?week=${nextWednesday}`);
      const entry = page.getByTestId("calendar-entry").filter({ hasText: title });
      expect((await entry.textContent())!).toContain("9:00 AM");
      expect(await page.getByTestId("calendar-day").filter({ has: entry }).getByRole("heading").textContent()).toMatch(
        /^Wednesday/,
      );

      // In UTC the same instant reads 13:00 or 14:00: the time was stored as New York's 09:00.
      await page.goto("/admin/settings/site");
      await page.getByLabel("Time zone").selectOption("UTC");
      await page.getByRole("button", { name: "Save time zone" }).click();
      await toastWith(page, "Time zone saved: UTC").waitFor();
      await page.goto("/admin/deals");
      expect(
        (await page
          .getByRole("row")
          .filter({ hasText: title })
          .getByText(/^Publishes /)
          .textContent())!,
      ).toMatch(/, (1|2):00 PM UTC$/);
    } finally {
      await server.stop();
    }
  });
});
