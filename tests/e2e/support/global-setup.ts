import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../../scripts/ensure-build.mjs";
import { findChromium } from "../../../scripts/ensure-chromium";
import { startServer, tempDataDir } from "../../../scripts/lib/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's process, for memory readings. */
    serverPid: number;
    chromiumPath: string;
    adminEmail: string;
    adminPassword: string;
  }
}

/** One production server with demo content on a fresh data directory, shared by the e2e files. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error("Chromium was not found: set CHROME_PATH or install Debian's chromium package");
  ensureBuild();
  const dataDir = tempDataDir();
  const admin = { email: "admin@dealdash.test", password: "e2e-admin-password" };
  // Trusting loopback's X-Forwarded-For lets a test act as several visitors (shopper votes); the link
  // checker stays off, so no test reaches out to the demo content's retailers.
  const server = await startServer({ dataDir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, TRUST_PROXY: "loopback", LINK_CHECKS_PER_MINUTE: "0" } });
  project.provide("baseUrl", server.url);
  project.provide("serverPid", server.child.pid!);
  project.provide("adminEmail", admin.email);
  project.provide("adminPassword", admin.password);
  project.provide("chromiumPath", chromiumPath);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
