import fs from "node:fs";

import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";

import { ensureBuild } from "../../../scripts/ensure-build.mjs";
import { findChromium } from "../../../scripts/ensure-chromium";
import { copyOfDataDir, freePorts, startServer } from "../../../scripts/lib/server-process";
import { shareSeededDataDir } from "../../support/seeded-data-dir";

// The flags keep Chromium off the network it cannot reach here and quiet in containers.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

declare module "vitest" {
  export interface ProvidedContext {
    /** One shared server per lane: a file uses its lane's (support/browser.ts baseUrl). */
    baseUrls: string[];
    /** The shared servers' processes, for memory readings. */
    serverPids: number[];
    /** One Chromium per lane, which the lane's files connect to (support/browser.ts). */
    browserEndpoints: string[];
    adminEmail: string;
    adminPassword: string;
  }
}

/**
 * Production servers with demo content on copies of one seeded data directory, shared by the e2e files:
 * one per lane, a lane being a Vitest worker. Files run as many at a time as there are workers, each on its
 * lane's server (a worker's pool id is unique among the files running at once), so files on one server
 * still run one after another, and lanes never see each other's changes.
 */
export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error("Chromium was not found: set CHROME_PATH or install Debian's chromium-headless-shell package");
  ensureBuild();
  const admin = { email: "admin@dealdash.test", password: "e2e-admin-password" };
  const seeded = await shareSeededDataDir();
  // Trusting loopback's X-Forwarded-For lets a test act as several visitors (shopper votes); the link
  // checker stays off, so no test reaches out to the demo content's retailers.
  const env = {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: "loopback",
    LINK_CHECKS_PER_MINUTE: "0",
  };
  const ports = await freePorts(project.globalConfig.maxWorkers);
  const lanes = await Promise.all(
    ports.map(async (port) => {
      const dataDir = copyOfDataDir(seeded.dir);
      // A browser launched once per lane, not per file: each file opens its own contexts in it.
      const [server, browser] = await Promise.all([
        startServer({ dataDir, env, port, nodeFlags: [] }),
        chromium.launchServer({ executablePath, args: CHROMIUM_ARGS }),
      ]);
      return { dataDir, server, browser };
    }),
  );
  project.provide(
    "baseUrls",
    lanes.map(({ server }) => server.url),
  );
  project.provide(
    "serverPids",
    lanes.map(({ server }) => server.child.pid!),
  );
  project.provide("adminEmail", admin.email);
  project.provide("adminPassword", admin.password);
  project.provide(
    "browserEndpoints",
    lanes.map(({ browser }) => browser.wsEndpoint()),
  );
  project.provide("seededDataDir", seeded.dir);
  return async () => {
    await Promise.all(lanes.flatMap(({ server, browser }) => [server.stop(), browser.close()]));
    seeded.release();
    for (const { dataDir } of lanes) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  };
}
