import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { openDatabase, queryRows } from "#app/db/client.server";
import { appliedMigrations, knownMigrations } from "#app/db/migrations.server";
import { databaseChecksums } from "#app/modules/backups/backup-tables.server";
import { restoreBackup } from "#app/modules/backups/restore.server";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import {
  copyOfDataDir,
  freePort,
  projectRoot,
  spawnServer,
  startServer,
  tempDataDir,
} from "../../scripts/lib/server-process";

// Upgrades that cannot lose data: a data directory of the last released schema, with that release's demo
// content, its owner and a shopper's sign-up, is started by this version, which migrates it forward and
// serves what it held. A migration that fails leaves the database as it was, and the server will not
// start, saying why.

const FIXTURE = path.join(projectRoot, "tests/fixtures/backups/dealdash-s0054-20261128T002253Z.dealdash-backup.gz");
const OWNER = { email: "owner@fixture.test", password: "fixture-owner-password" };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

/** A data directory as the last release left it: its backup restored without the later migrations. */
async function releasedDataDir(): Promise<string> {
  const dataDir = tempDataDir("dealdash-released-");
  dirs.push(dataDir);
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    await restoreBackup(handle, FIXTURE, { upgrade: false });
    expect(await appliedMigrations(handle.db)).toBe(54);
  } finally {
    await handle.close();
  }
  return dataDir;
}

describe("an upgrade from the last released schema", () => {
  it("migrates its data forward and serves it; a failing migration changes nothing and stops the server", async () => {
    const released = await releasedDataDir();
    const broken = copyOfDataDir(released, "dealdash-released-broken-");
    dirs.push(broken);

    const server = await startServer({ dataDir: released, env: { LINK_CHECKS_PER_MINUTE: "0" } });
    try {
      const home = await (await fetch(server.url)).text();
      expect(home).toContain("Wireless Noise-Cancelling Headphones");
      const cookie = await signInOverHttp(server.url, OWNER);
      const subscribers = await fetch(`${server.url}/admin/newsletter`, { headers: { cookie } });
      expect(subscribers.status).toBe(200);
      expect(await subscribers.text()).toContain("reader@fixture.test");
    } finally {
      await server.stop();
    }
    const upgraded = await openDatabase({ kind: "pglite", dataDir: released });
    try {
      expect(await appliedMigrations(upgraded.db)).toBe(knownMigrations().length);
    } finally {
      await upgraded.close();
    }

    // Someone made a table by hand that a later migration makes: that migration fails.
    const before = await openDatabase({ kind: "pglite", dataDir: broken });
    let sums: Awaited<ReturnType<typeof databaseChecksums>>;
    try {
      await before.db.execute(sql`CREATE TABLE content_revisions (note text)`);
      sums = await databaseChecksums(before.db);
    } finally {
      await before.close();
    }
    const child = spawnServer({ dataDir: broken, port: await freePort(), env: { LINK_CHECKS_PER_MINUTE: "0" } });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      `The database could not be upgraded from schema 54 to ${knownMigrations().length}, so it was left as it was:`,
    );
    expect(output).toContain('relation "content_revisions" already exists');
    const after = await openDatabase({ kind: "pglite", dataDir: broken });
    try {
      expect(await appliedMigrations(after.db)).toBe(54);
      expect(await databaseChecksums(after.db)).toEqual(sums);
      const [row] = await queryRows<{ n: number }>(after.db, sql`SELECT count(*)::int AS n FROM deals`);
      expect(row!.n).toBeGreaterThan(10);
    } finally {
      await after.close();
    }
  });
});
