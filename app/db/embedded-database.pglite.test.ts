import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";

import { runAsBackgroundWork } from "./background-work.server";
import { lockDataDir } from "./data-dir-lock.server";
import { prepareDatabase } from "./database.server";
import { pgliteOptions } from "./pglite-options";
import { PgliteWorkerClient } from "./pglite-worker-client.server";
import { deals, stores } from "./schema";

// A new directory without demo content (SEED_DEMO=false) is tested on a server: server-lifecycle.e2e.test.ts.
describe("prepareDatabase on an embedded data directory", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-prepare-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));

  it("seeds a new database once, keeps rows across restarts and never reseeds", async () => {
    const first = await prepareDatabase({ kind: "pglite", dataDir }, { seedDemo: true });
    const seeded = (await first.db.select().from(deals)).length;
    expect(seeded).toBeGreaterThanOrEqual(12);
    await first.db.delete(deals);
    await first.close();

    const second = await prepareDatabase({ kind: "pglite", dataDir }, { seedDemo: true });
    expect(await second.db.select().from(deals)).toHaveLength(0);
    expect((await second.db.select().from(stores)).length).toBe(4);
    await second.close();
  });
});

describe("the data directory lock", () => {
  it("refuses a second holder, naming the process that holds it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-lock-"));
    // A live process that is not us holds the lock.
    fs.writeFileSync(path.join(dir, ".lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`locked by another DealDash process \\(PID ${process.ppid}\\)`));
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  });

  it("waits for a holder that is going (killed a moment ago) instead of refusing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-lock-"));
    const going = spawn(process.execPath, ["-e", "setTimeout(() => {}, 500)"], { stdio: "ignore" });
    fs.writeFileSync(path.join(dir, ".lock"), String(going.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock left by a process that died", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-lock-"));
    fs.writeFileSync(path.join(dir, ".lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  });
});

describe("the embedded database's turns", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-turns-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));

  it("serves a request's statements before waiting background work, yet lets background work through under load", async () => {
    // The run's migrated database unpacked there: any database will do, and creating one costs seconds.
    const snapshot = new Blob([fs.readFileSync(inject("pgliteSnapshot"))]);
    await (await PGlite.create(dataDir, { loadDataDir: snapshot, ...pgliteOptions() })).close();
    const client = await PgliteWorkerClient.open(dataDir);
    try {
      const finished: string[] = [];
      const run = (name: string) => client.query("SELECT pg_sleep(0.02)").then(() => finished.push(name));
      // A roll-up's six statements are queued, then a request asks: it waits for the one running only.
      const job = runAsBackgroundWork(() =>
        Promise.all(["job 1", "job 2", "job 3", "job 4", "job 5", "job 6"].map(run)),
      );
      await run("request");
      await job;
      expect(finished).toEqual(["job 1", "request", "job 2", "job 3", "job 4", "job 5", "job 6"]);

      // Twenty request statements queued behind a running one do not hold a background statement back for long.
      finished.length = 0;
      const first = run("request 0");
      const waiting = runAsBackgroundWork(() => run("job"));
      await Promise.all([first, waiting, ...Array.from({ length: 20 }, (_, i) => run(`request ${i + 1}`))]);
      expect(finished.indexOf("job")).toBeLessThanOrEqual(9);
      expect(finished.indexOf("job")).toBeGreaterThan(1);
    } finally {
      await client.close();
    }
  });
});
