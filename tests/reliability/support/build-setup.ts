import type { TestProject } from "vitest/node";

import { ensureBuild } from "../../../scripts/ensure-build.mjs";
import { shareSeededDataDir } from "../../support/seeded-data-dir";

/**
 * The reliability tests serve the production build (in their own process or a spawned one), on copies of a
 * seeded data directory.
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const seeded = await shareSeededDataDir();
  project.provide("seededDataDir", seeded.dir);
  return seeded.release;
}
