import { describe, expect, it } from "vitest";

import { createStoreOverHttp, signInOverHttp } from "../../scripts/lib/admin-over-http";
import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { freePort, spawnServer, startServer } from "../../scripts/lib/server-process";
import { dataDirsPerFile } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-lifecycle-");

describe("the production server", () => {
  it("refuses a second server on the same data directory, naming the lock, while the first keeps serving; data outlives a restart", async () => {
    const dir = dataDir();
    const admin = { email: "keep@example.com", password: "keep-password" };
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    const first = await startServer({ dataDir: dir, env });
    try {
      const second = spawnServer({ dataDir: dir, port: await freePort() });
      let output = "";
      second.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      second.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
      expect(code).not.toBe(0);
      expect(output).toMatch(/locked by another DealDash process \(PID \d+\)/);
      expect(output).toContain("DATABASE_URL");
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      expect(await createStoreOverHttp(first.url, await signInOverHttp(first.url, admin), "Kept Across Restarts")).toBe(
        true,
      );
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const restarted = await startServer({ dataDir: dir, env });
    try {
      const stores = await fetch(`${restarted.url}/admin/stores`, {
        headers: { cookie: await signInOverHttp(restarted.url, admin) },
      });
      expect(await stores.text()).toContain("Kept Across Restarts");
    } finally {
      await restarted.stop();
    }
  });

  it("starts empty with SEED_DEMO=false: pages answer, demo content is absent", async () => {
    const server = await startServer({ dataDir: dataDir("empty"), env: { SEED_DEMO: "false" } });
    try {
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect((await fetch(`${server.url}/deal-dashes`)).status).toBe(200);
      expect((await fetch(`${server.url}/buying-guides/how-to-choose-a-tablet`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it("exits with a clear message on a bad setting", async () => {
    const child = spawnServer({ dataDir: dataDir("empty"), port: await freePort(), env: { SEED_DEMO: "maybe" } });
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("SEED_DEMO: must be true or false");
  });

  it("runs WEB_CONCURRENCY workers on PostgreSQL that share sessions, and stops them all on SIGTERM", async () => {
    const database = await freshPostgres(testPostgresUrl(), "dealdash_cluster");
    const admin = { email: "cluster@example.com", password: "cluster-password" };
    const server = await startServer({
      // On PostgreSQL the data directory holds only the generated keys.
      dataDir: dataDir("empty"),
      env: {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: "2",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: "info",
      },
    });
    try {
      const listening = () =>
        new Set([...server.output().matchAll(/"pid":(\d+)[^\n]*DealDash is listening/g)].map((match) => match[1]));
      await expect.poll(() => listening().size, { timeout: 30_000 }).toBe(2);
      expect(listening().has(String(server.child.pid))).toBe(false);
      const cookie = await signInOverHttp(server.url, admin);
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${server.url}/admin`, {
          headers: { cookie, connection: "close" },
          redirect: "manual",
        });
        expect(response.status).toBe(200);
      }
    } finally {
      expect(await server.stop()).toBe(0);
      await database.drop();
    }
  });
});
