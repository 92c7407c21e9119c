import fs from "node:fs";

import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { openDatabase } from "#app/db/client.server";

import { createStoreOverHttp, signInOverHttp } from "../../scripts/lib/admin-over-http";
import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { copyOfDataDir, startServer, tempDataDir } from "../../scripts/lib/server-process";

// A stream of admin writes, the server killed with SIGKILL in the middle of it, a restart on the same data:
// every write the server acknowledged must still be there. On the embedded database and on PostgreSQL.

const ADMIN = { email: "owner@dealdash.test", password: "durability-password" };
const WRITERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 60;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Target {
  env: Record<string, string>;
  storedNames(): Promise<string[]>;
}

function embeddedTarget(): Target {
  // A copy of the run's seeded directory: the writes land beside the demo content.
  const dataDir = copyOfDataDir(inject("seededDataDir"), "dealdash-crash-");
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));
  return {
    env: { DATA_DIR: dataDir },
    async storedNames() {
      const handle = await openDatabase({ kind: "pglite", dataDir });
      try {
        const result = (await handle.db.execute("select name from stores")) as unknown as {
          rows: Array<{ name: string }>;
        };
        return result.rows.map((row) => row.name);
      } finally {
        await handle.close();
      }
    },
  };
}

async function postgresTarget(base: string): Promise<Target> {
  const database = await freshPostgres(base, "dealdash_crash");
  const url = new URL(database.url);
  cleanups.push(() => database.drop());
  return {
    // One worker: a process's acknowledged writes are what is checked, and each worker more is a start more.
    env: {
      DATABASE_URL: url.toString(),
      APP_SECRET: "crash-test-secret-crash-test-secret-1234",
      WEB_CONCURRENCY: "1",
    },
    async storedNames() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<{ name: string }>("select name from stores")).rows.map((row) => row.name);
      } finally {
        await client.end();
      }
    },
  };
}

const drivers: Array<[string, () => Promise<Target> | Target]> = [
  ["the embedded database", embeddedTarget],
  ["PostgreSQL", () => postgresTarget(testPostgresUrl())],
];

describe.each(drivers)("crash durability on %s", (_label, makeTarget) => {
  it("keeps every acknowledged write across kill -9 and starts again on the same data", async () => {
    const target = await makeTarget();
    // On PostgreSQL the data directory holds only the generated keys.
    const dataDir = target.env.DATA_DIR ?? tempDataDir("dealdash-crash-");
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));
    const env = { ...target.env, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const server = await startServer({ dataDir, env });
    const cookie = await signInOverHttp(server.url, ADMIN);

    const acknowledged: string[] = [];
    let killed = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; !killed; i++) {
        const name = `Durable ${writer}-${i}`;
        try {
          if (await createStoreOverHttp(server.url, cookie, name)) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    });
    while (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGKILL");
    killed = true;
    await Promise.all(writers);
    await new Promise((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null
        ? resolve(null)
        : server.child.once("exit", resolve),
    );

    const restarted = await startServer({ dataDir, env });
    const again = await signInOverHttp(restarted.url, ADMIN);
    expect(await createStoreOverHttp(restarted.url, again, "After the crash")).toBe(true);
    expect(await restarted.stop()).toBe(0);

    const stored = new Set(await target.storedNames());
    const lost = acknowledged.filter((name) => !stored.has(name));
    console.log(`${acknowledged.length} acknowledged writes before kill -9, ${lost.length} lost`);
    expect(lost).toEqual([]);
    expect(stored.has("After the crash")).toBe(true);
  });
});
