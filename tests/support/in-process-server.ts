import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, inject } from "vitest";

import type { Database } from "#app/db/client.server";

import { copyOfDataDir, projectRoot } from "../../scripts/lib/server-process";
import { type AppModule, createWebServer, type WebServerOptions } from "../../server/web-server";

// The production bundle served from the test's own process, on a copy of the run's seeded embedded database
// (demo content): tests can send it requests and read its database directly. One per test file (the bundle
// holds one database per process).

export const ADMIN = { email: "admin@dealdash.test", password: "in-process-admin" };

export interface InProcessApp {
  mod: AppModule;
  db: Database;
  /** Serves the app with these options; several servers (say, two proxy settings) share one database. */
  listen(options?: Partial<WebServerOptions>): Promise<string>;
  close(): Promise<void>;
}

export async function startInProcessApp(): Promise<InProcessApp> {
  const dataDir = copyOfDataDir(inject("seededDataDir"), "dealdash-inproc-");
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
  const handle = (globalThis as { __dealdashDb?: { db: Database } }).__dealdashDb;
  if (!handle) throw new Error("The bundle did not open its database");
  const servers: Array<ReturnType<typeof createWebServer>> = [];
  return {
    mod,
    db: handle.db,
    async listen(options = {}) {
      const server = createWebServer(mod, {
        trustProxy: false,
        clientDir: path.join(projectRoot, "build/client"),
        ...options,
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await mod.stopDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** One in-process app for the calling test file, served on a local port; closed after the file. */
export function servedInProcessApp(): () => { app: InProcessApp; url: string } {
  let served: { app: InProcessApp; url: string } | undefined;
  beforeAll(async () => {
    const app = await startInProcessApp();
    served = { app, url: await app.listen() };
  });
  afterAll(() => served?.app.close());
  return () => served!;
}
