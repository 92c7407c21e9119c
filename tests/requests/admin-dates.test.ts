import { describe, expect, it } from "vitest";

import { newsletterSubscribers } from "#app/db/schema";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// Every admin page writes a moment the one way (lib/dates.ts), in the site's time zone and naming it: the
// jobs, newsletter and webhooks pages wrote "29 Nov 2026, 04:00" in UTC beside "Nov 29, 2026, 4:00 AM" elsewhere.

const served = servedInProcessApp();

/** The texts of the page's <time> elements. */
async function timesOn(path: string, cookie: string): Promise<string[]> {
  const html = (await (await fetch(`${served().url}${path}`, { headers: { cookie } })).text()).replaceAll(
    "<!-- -->",
    "",
  );
  return [...html.matchAll(/<time[^>]*>([^<]+)<\/time>/g)].map((match) => match[1]!);
}

describe("dates across the admin", () => {
  it("read as everywhere else on the jobs and newsletter pages", async () => {
    const { url, app } = served();
    await app.db
      .insert(newsletterSubscribers)
      .values({ email: "dated@example.com", state: "confirmed", confirmedAt: new Date() });
    const cookie = await signInOverHttp(url, ADMIN);

    // Last runs read "5 minutes ago" (their moment in the title); next runs are moments.
    const nextRuns = (await timesOn("/admin/jobs", cookie)).filter((text) => !/(ago|just now)$/.test(text));
    expect(nextRuns.length).toBeGreaterThan(3);
    for (const text of nextRuns) expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);

    const html = await (await fetch(`${url}/admin/newsletter`, { headers: { cookie } })).text();
    const row = /dated@example\.com[\s\S]*?<\/tr>/.exec(html)![0].replaceAll("<!-- -->", "");
    expect(row).toMatch(/>[A-Z][a-z]{2} \d{1,2}, \d{4}</);
    expect(row).not.toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  });
});
