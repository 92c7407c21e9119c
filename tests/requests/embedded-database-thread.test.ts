import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { servedInProcessApp } from "../support/in-process-server";

// The embedded database runs in a thread of its own (ADR 0012): while it is busy with a slow query, the
// HTTP thread still answers what needs no query (a cached page) and health checks.

const served = servedInProcessApp();

describe("a slow query on the embedded database", () => {
  it("does not hold up a cached page or the health check", async () => {
    await fetch(`${served().url}/deal-dashes`).then((response) => response.text());
    let slowDone = false;
    // Whether the thread has begun it or it still waits its turn, the database is busy for seconds.
    const slow = served()
      .app.db.execute(sql`select pg_sleep(3)`)
      .then(() => (slowDone = true));

    const page = await fetch(`${served().url}/deal-dashes`);
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(await page.text()).toContain("Deal Dashes");
    const health = await fetch(`${served().url}/healthz`);
    expect(health.status).toBe(200);
    expect(slowDone).toBe(false);

    await slow;
    // And the database answers again afterwards.
    expect((await fetch(`${served().url}/deal-dashes?sort=price-low`)).headers.get("x-cache")).toBe("miss");
  });
});
