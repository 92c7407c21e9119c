import { spawn } from "node:child_process";
import fs from "node:fs";
import { createInterface } from "node:readline";

import pg from "pg";
import { describe, expect, it } from "vitest";

import { projectRoot } from "../../scripts/lib/server-process";
import { startTestPostgres } from "../../scripts/lib/test-postgres";

// `npm test` starts its own PostgreSQL when TEST_DATABASE_URL is unset (scripts/lib/test-postgres.ts): it
// must answer, and leave nothing behind, neither after a normal end nor when the run is killed outright.

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.query<{ one: number }>("select 1 as one")).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("the test run's own PostgreSQL", () => {
  it("answers with pg_trgm available, and stops and removes its directory at the end", async () => {
    const postgres = await startTestPostgres();
    try {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await client.query("create extension if not exists pg_trgm");
        // The PostgreSQL that CI's and most servers' Debian ships.
        expect((await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v).toMatch(
          /^15\./,
        );
      } finally {
        await client.end();
      }
      expect(fs.existsSync(postgres.dir)).toBe(true);
    } finally {
      await postgres.stop();
    }
    expect(fs.existsSync(postgres.dir)).toBe(false);
    expect(await answers(postgres.url)).toBe(false);
  });

  it("stops and removes its directory when the run that started it is killed", async () => {
    const run = spawn(process.execPath, ["--import", "tsx", "tests/reliability/support/hold-test-postgres.ts"], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await new Promise<string>((resolve) => createInterface({ input: run.stdout! }).once("line", resolve));
    const { url, dir } = JSON.parse(line) as { url: string; dir: string };
    expect(await answers(url)).toBe(true);

    run.kill("SIGKILL");
    await expect.poll(() => fs.existsSync(dir), { timeout: 60_000 }).toBe(false);
    expect(await answers(url)).toBe(false);
  });
});
