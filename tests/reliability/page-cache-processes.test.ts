import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { type RunningServer, startServer, tempDataDir } from "../../scripts/lib/server-process";
import { cachedAnswer, getAnswer } from "../support/page-cache-hit";

// Two app processes on one PostgreSQL database, as behind a load balancer: each keeps its own page cache,
// and a write through one reaches the other's visitors through the database's NOTIFY, long before the
// other's cached copy would expire (5 minutes).

const admin = { email: "processes@dealdash.test", password: "two-processes-password" };
let database: Awaited<ReturnType<typeof freshPostgres>>;
let first: RunningServer;
let second: RunningServer;
const dataDirs = [tempDataDir(), tempDataDir()];

beforeAll(async () => {
  database = await freshPostgres(testPostgresUrl(), "dealdash_processes");
  // One process each: two servers stand for two machines behind a load balancer.
  const env = {
    WEB_CONCURRENCY: "1",
    DATABASE_URL: database.url,
    APP_SECRET: "a-shared-secret-for-both-processes-0123456789",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  first = await startServer({ dataDir: dataDirs[0]!, env });
  second = await startServer({ dataDir: dataDirs[1]!, env });
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe("page cache across processes", () => {
  it("shows a deal published through one process on the other's cached page without waiting for it to expire", async () => {
    await cachedAnswer(`${second.url}/deal-dashes`);

    const cookie = await signInOverHttp(first.url, admin);
    const stores = (await (await fetch(`${first.url}/admin/options/store?q=`, { headers: { cookie } })).json()) as {
      options: Array<{ id: string }>;
    };
    const created = await fetch(`${first.url}/admin/deals/add`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: first.url },
      body: new URLSearchParams({
        storeId: stores.options[0]!.id,
        title: "Published Through The Other Process",
        shortDescription: "Seen everywhere at once",
        imageUrl: "https://shop.example/p.png",
        affiliateUrl: "https://shop.example/p",
        currentPrice: "19.99",
        status: "published",
      }),
    });
    expect(created.status).toBe(302);

    const shown = async () =>
      (await getAnswer(`${second.url}/deal-dashes`)).body.includes("Published Through The Other Process");
    await expect.poll(shown, { timeout: 60_000, interval: 50 }).toBe(true);
  });
});
