import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApp, type InProcessApp } from "../support/in-process-server";

// The embedded database runs in a thread of its own (ADR 0012): while it is busy with a slow query, the
// HTTP thread still answers what needs no query (a cached page) and health checks.

let app: InProcessApp;
let url: string;

beforeAll(async () => {
  app = await startInProcessApp();
  url = await app.listen();
});
afterAll(() => app?.close());

describe("a slow query on the embedded database", () => {
  it("does not hold up a cached page or the health check", async () => {
    await fetch(`${url}/deal-dashes`).then((response) => response.text());
    let slowDone = false;
    const slow = app.db.execute(sql`select pg_sleep(2)`).then(() => (slowDone = true));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const page = await fetch(`${url}/deal-dashes`);
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(await page.text()).toContain("Deal Dashes");
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(slowDone).toBe(false);

    await slow;
    // And the database answers again afterwards.
    expect((await fetch(`${url}/deal-dashes?sort=price-low`)).headers.get("x-cache")).toBe("miss");
  });
});
