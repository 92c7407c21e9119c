import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";

import { type DatabaseHandle, type DatabaseTarget, openDatabase, queryRows } from "#app/db/client.server";
import { BACKUP_EXTENSION } from "#app/modules/backups/backup-format";
import { BACKUP_REQUEST_HEADER, backupRequestToken } from "#app/modules/backups/backup-request.server";
import { databaseChecksums } from "#app/modules/backups/backup-tables.server";
import { restoreBackup } from "#app/modules/backups/restore.server";
import { visitorKey } from "#app/modules/rate-limit/rate-limit.server";

import { freshPostgres, testPostgresUrl } from "../../scripts/lib/fresh-postgres";
import { copyOfDataDir, projectRoot, startServer, tempDataDir } from "../../scripts/lib/server-process";

// The restore drill: a site in use (shoppers signing up for the newsletter one after another) is backed up
// by `npm run backup` while the sign-ups go on, and restored into a new place. Every table of the restored
// database equals the source at the backup's moment: the sign-ups it holds are the first k without a gap,
// each with its confirmation message, and every other row equals the source's. A server killed mid-backup
// leaves no file that looks like a backup. On the embedded database and on PostgreSQL.

const APP_SECRET = "drill-secret-drill-secret-drill-secret-12";
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const removed = (dir: string) => cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

/** `npm run <script>` as a person runs it: tsx on the script, with this environment. */
function npmScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(path.join(projectRoot, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The address shopper `n` signs up from. */
const addressOf = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.7`;
/** The newsletter's rate-limit key of shopper `n`'s address (one event a sign-up, written just before it). */
const signUpKey = (n: number) => visitorKey(addressOf(n), APP_SECRET);

/** A shopper signing up, then the next, one at a time from addresses of their own, until stopped. */
function signUps(url: string) {
  let sent = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const n = sent + 1;
      const response = await fetch(`${url}/newsletter/subscribe`, {
        method: "POST",
        headers: {
          "X-Forwarded-For": `10.${Math.floor(n / 250)}.${n % 250}.7`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email: `drill-${n}@example.com` }),
      });
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`Sign-up ${n} answered ${response.status}`);
      sent = n;
    }
  })();
  return {
    sent: () => sent,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

const drillNumbers = async (handle: DatabaseHandle) =>
  (
    await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT substring(email from 'drill-(\\d+)@')::int AS n FROM newsletter_subscribers WHERE email LIKE 'drill-%' ORDER BY 1`,
    )
  ).map((row) => row.n);

/** The sign-ups' rate-limit events a database holds, as shoppers' numbers (of the first `upTo`). */
async function signUpEvents(handle: DatabaseHandle, upTo: number): Promise<number[]> {
  const keys = new Map(Array.from({ length: upTo }, (_, index) => [signUpKey(index + 1), index + 1]));
  const rows = await queryRows<{ key: string }>(
    handle.db,
    sql`SELECT key_hash AS key FROM rate_limit_events WHERE bucket = 'newsletter'`,
  );
  return rows.map((row) => keys.get(row.key) ?? 0).sort((a, b) => a - b);
}

/**
 * Takes out of the source what came after the backup's moment: the sign-ups after `k`, and the rate-limit
 * events after the `events` first (the next sign-up's event may precede the moment, its sign-up not).
 */
async function withoutLaterSignUps(handle: DatabaseHandle, k: number, events: number, sent: number) {
  await handle.db.execute(sql`
    DELETE FROM mail_outbox WHERE "to" LIKE 'drill-%' AND substring("to" from 'drill-(\\d+)@')::int > ${k}`);
  await handle.db.execute(sql`
    DELETE FROM newsletter_subscribers WHERE email LIKE 'drill-%' AND substring(email from 'drill-(\\d+)@')::int > ${k}`);
  const later = Array.from({ length: sent - events }, (_, index) => signUpKey(events + index + 1));
  if (later.length > 0)
    await handle.db.execute(
      sql`DELETE FROM rate_limit_events WHERE bucket = 'newsletter' AND key_hash IN (${sql.join(
        later.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
}

interface Site {
  env: Record<string, string>;
  dataDir: string;
  target: DatabaseTarget;
  /** A new, empty place to restore into. */
  elsewhere(): Promise<DatabaseTarget>;
}

function embeddedSite(): Site {
  const dataDir = copyOfDataDir(inject("seededDataDir"), "dealdash-drill-");
  removed(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    target: { kind: "pglite", dataDir },
    async elsewhere() {
      const restored = tempDataDir("dealdash-drill-restored-");
      removed(restored);
      return { kind: "pglite", dataDir: restored };
    },
  };
}

async function postgresSite(): Promise<Site> {
  const source = await freshPostgres(testPostgresUrl(), "dealdash_drill");
  cleanups.push(() => source.drop());
  const dataDir = tempDataDir("dealdash-drill-");
  removed(dataDir);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: source.url, WEB_CONCURRENCY: "1" },
    dataDir,
    target: { kind: "postgres", url: source.url },
    async elsewhere() {
      const restored = await freshPostgres(testPostgresUrl(), "dealdash_drill_restored");
      cleanups.push(() => restored.drop());
      return { kind: "postgres", url: restored.url };
    },
  };
}

const sites: Array<[string, () => Promise<Site> | Site]> = [
  ["the embedded database", embeddedSite],
  ["PostgreSQL", postgresSite],
];

describe.each(sites)("the restore drill on %s", (_label, makeSite) => {
  it("backs up while shoppers sign up, and restores every table as it was at that moment", async () => {
    const site = await makeSite();
    const env = { ...site.env, APP_SECRET, TRUST_PROXY: "loopback", LINK_CHECKS_PER_MINUTE: "0" };
    const server = await startServer({ dataDir: site.dataDir, env });
    const writing = signUps(server.url);
    let backupFile: string;
    try {
      await expect.poll(writing.sent).toBeGreaterThan(5);
      const backup = npmScript("backup", [], { ...env, PORT: String(server.port) });
      expect(await backup.exited, backup.output()).toBe(0);
      const before = writing.sent();
      backupFile = /: (\S+dealdash-backup\.gz) \(/.exec(backup.output())![1]!;
      // Nobody else may ask for one: unsigned, signed with another secret, or from another address.
      const ask = (token: string, from?: string) =>
        fetch(`${server.url}/internal/backup`, {
          method: "POST",
          headers: { [BACKUP_REQUEST_HEADER]: token, ...(from ? { "X-Forwarded-For": from } : {}) },
        }).then((response) => response.status);
      expect(await ask("")).toBe(404);
      expect(await ask(backupRequestToken("another-secret-another-secret-another-12"))).toBe(404);
      expect(await ask(backupRequestToken(APP_SECRET), "203.0.113.9")).toBe(404);
      // The sign-ups go on after the backup too.
      await expect.poll(writing.sent).toBeGreaterThan(before + 3);
    } finally {
      await writing.stop();
      await server.stop();
    }

    const restoredTarget = await site.elsewhere();
    const restored = await openDatabase(restoredTarget);
    const source = await openDatabase(site.target);
    try {
      await restoreBackup(restored, backupFile);
      const held = await drillNumbers(restored);
      const k = held.length;
      expect(k).toBeGreaterThan(5);
      expect(held).toEqual(Array.from({ length: k }, (_, index) => index + 1));
      expect(k).toBeLessThan(writing.sent());
      // Each sign-up's rate-limit event, the first k (and perhaps the next one's) and nothing else.
      const events = await signUpEvents(restored, writing.sent());
      expect([k, k + 1]).toContain(events.length);
      expect(events).toEqual(Array.from({ length: events.length }, (_, index) => index + 1));
      await withoutLaterSignUps(source, k, events.length, writing.sent());
      const [want, got] = [await databaseChecksums(source.db), await databaseChecksums(restored.db)];
      expect(Object.keys(got).length).toBeGreaterThan(40);
      expect(got).toEqual(want);
    } finally {
      await restored.close();
      await source.close();
    }
  });
});

describe("a backup cut off by kill -9", () => {
  it("leaves no file that looks like a backup, and a restore refuses what it left", async () => {
    const dataDir = copyOfDataDir(inject("seededDataDir"), "dealdash-drill-kill-");
    removed(dataDir);
    // Enough clicks that the backup is still writing when its server is killed.
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await handle.db.execute(sql`
      INSERT INTO clicks (kind, item_id, store_id, placement, device, created_at)
      SELECT 'deal', d.id, d.store_id, 'home-hot', 'desktop', now() - (g * interval '1 second')
      FROM generate_series(1, 60000) AS g CROSS JOIN LATERAL (SELECT id, store_id FROM deals LIMIT 1) d`);
    await handle.close();
    const env = { DATA_DIR: dataDir, APP_SECRET, LINK_CHECKS_PER_MINUTE: "0" };
    const server = await startServer({ dataDir, env });
    let child: ChildProcess | undefined;
    try {
      const backup = npmScript("backup", [], { ...env, PORT: String(server.port) });
      child = backup.child;
      await expect.poll(() => /Backing up clicks/.test(backup.output()), { timeout: 120_000 }).toBe(true);
      server.child.kill("SIGKILL");
      expect(await backup.exited).toBe(1);
      expect(backup.output()).toContain("No backup was made");
    } finally {
      child?.kill("SIGKILL");
      await server.stop();
    }
    const folder = path.join(dataDir, "backups");
    const left = fs.readdirSync(folder);
    expect(left.filter((name) => name.endsWith(BACKUP_EXTENSION))).toEqual([]);
    const partial = left.find((name) => name.endsWith(".partial"));
    expect(partial).toBeDefined();
    // Even named as a backup, what it left is refused before anything changes.
    const renamed = path.join(folder, `renamed${BACKUP_EXTENSION}`);
    fs.copyFileSync(path.join(folder, partial!), renamed);
    const target = tempDataDir("dealdash-drill-kill-restored-");
    removed(target);
    const restore = npmScript("restore", [renamed], { DATA_DIR: target });
    expect(await restore.exited).toBe(1);
    expect(restore.output()).toMatch(
      /Nothing was restored: renamed\.dealdash-backup\.gz (is incomplete|cannot be read)/,
    );
    // Refused before the database was opened: no embedded database was made for it.
    expect(fs.readdirSync(target)).toEqual([]);
  });
});
