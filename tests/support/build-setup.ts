import fs from "node:fs";

import type { TestProject } from "vitest/node";

import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { tempDataDir } from "../../scripts/lib/server-process";
import { shareSeededDataDir } from "./seeded-data-dir";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder for what the project's workers keep until the run ends (removed with it). */
    scratchDir: string;
  }
}

/**
 * The request-level and reliability tests serve the production build (in their own process or a spawned
 * one), on copies of a seeded data directory.
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const seeded = await shareSeededDataDir();
  const scratch = tempDataDir("dealdash-scratch-");
  project.provide("seededDataDir", seeded.dir);
  project.provide("scratchDir", scratch);
  return () => {
    seeded.release();
    fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 10 });
  };
}
