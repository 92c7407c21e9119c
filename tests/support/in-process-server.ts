import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, inject } from "vitest";

import type { Database, DatabaseHandle } from "#app/db/client.server";
import type { Role } from "#app/modules/users/roles";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { projectRoot } from "../../scripts/lib/server-process";
import { type AppModule, createWebServer, type WebServerOptions } from "../../server/web-server";
import { keepPreparedRows, type PreparedRows } from "./prepared-rows";

// The production bundle served from the test's process, on a copy of the run's seeded embedded database
// (demo content): tests send it requests and read its database directly. The bundle holds one database per
// process, so a worker's files share one app: each file starts with the rows the app had when it first
// started (put back by a copy, prepared-rows.ts) and with nothing kept in memory, and closes the servers it
// opened. Starting the app (the bundle, the database's thread, the first admin's password hash) for every
// file cost several CPU-seconds a file.

export const ADMIN = { email: "admin@dealdash.test", password: "in-process-admin" };

/** A team member of `role` beside the admin, signing in with the admin's password (its hash copied: no new one). */
async function addTeamMember(db: Database, role: Exclude<Role, "owner">): Promise<{ email: string; password: string }> {
  const email = `${role}@dealdash.test`;
  await db.execute(sql`
    WITH owner AS (SELECT u.id, a.password FROM users u JOIN accounts a ON a.user_id = u.id WHERE u.email = ${ADMIN.email}),
      made AS (INSERT INTO users (name, email, email_verified, role) VALUES (${role}, ${email}, true, ${role}) RETURNING id)
    INSERT INTO accounts (account_id, provider_id, user_id, password)
    SELECT made.id::text, 'credential', made.id, owner.password FROM made, owner`);
  return { email, password: ADMIN.password };
}

/**
 * The worker's app served for the calling file, its route table, and the session cookies of its admin (an
 * owner) and of an editor and a contributor added beside it.
 */
export async function servedToTeam(): Promise<{
  app: InProcessApp;
  url: string;
  build: ServerBuild;
  cookies: Record<Role, string>;
}> {
  const app = await startInProcessApp();
  const url = await app.listen();
  const cookies = {
    owner: await signInOverHttp(url, ADMIN),
    editor: await signInOverHttp(url, await addTeamMember(app.db, "editor")),
    contributor: await signInOverHttp(url, await addTeamMember(app.db, "contributor")),
  };
  return { app, url, build: app.mod.serverBuild, cookies };
}

export interface InProcessApp {
  mod: AppModule;
  db: Database;
  /** Serves the app with these options; several servers (say, two proxy settings) share one database. */
  listen(options?: Partial<WebServerOptions>): Promise<string>;
  /** Closes the servers this file opened (the app itself serves the worker's next file). */
  close(): Promise<void>;
}

interface WorkerApp {
  mod: AppModule;
  handle: DatabaseHandle;
  /** The rows of a freshly started app, put back before each file but the first. */
  started: PreparedRows;
  files: number;
}

let workerApp: Promise<WorkerApp> | undefined;

async function startWorkerApp(): Promise<WorkerApp> {
  // In the run's scratch folder: the worker ends with its last file, and the folder with the run.
  const dataDir = path.join(inject("scratchDir"), `in-process-app-${process.pid}`);
  fs.cpSync(inject("seededDataDir"), dataDir, { recursive: true });
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "true",
    NODE_ENV: "production",
  });
  const mod = (await import(path.join(projectRoot, "build/server/index.js"))) as AppModule;
  await mod.startDatabase();
  const handle = (globalThis as { __dealdashDb?: DatabaseHandle }).__dealdashDb;
  if (!handle) throw new Error("The bundle did not open its database");
  const started = await keepPreparedRows(handle.db, handle.runSql);
  if (!started) throw new Error("The embedded database refused to copy rows without triggers");
  return { mod, handle, started, files: 0 };
}

/** The worker's app, as it was when it started: its rows put back, and whatever it kept forgotten. */
export async function startInProcessApp(): Promise<InProcessApp> {
  workerApp ??= startWorkerApp();
  const app = await workerApp;
  if (app.files++ > 0) {
    await app.started.restore();
    app.mod.forgetWhatWasKept();
  }
  const servers: Array<ReturnType<typeof createWebServer>> = [];
  return {
    mod: app.mod,
    db: app.handle.db,
    async listen(options = {}) {
      const server = createWebServer(app.mod, {
        trustProxy: false,
        clientDir: path.join(projectRoot, "build/client"),
        ...options,
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const server of servers.splice(0)) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

/** The worker's app for the calling test file, served on a local port; its server closed after the file. */
export function servedInProcessApp(): () => { app: InProcessApp; url: string } {
  let served: { app: InProcessApp; url: string } | undefined;
  beforeAll(async () => {
    const app = await startInProcessApp();
    served = { app, url: await app.listen() };
  });
  afterAll(() => served?.app.close());
  return () => served!;
}
