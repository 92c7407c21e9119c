import fs from "node:fs";

import { PGlite } from "@electric-sql/pglite";

import { openDatabase } from "#app/db/client.server";
import { pgliteOptions } from "#app/db/pglite-options";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";

import { tempDataDir } from "../../scripts/lib/server-process";
import { migratedSnapshot } from "./migrated-snapshot";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated data directory with the demo content and no account, which servers start from copies of. */
    seededDataDir: string;
  }
}

/** Global setups run in Vitest's main process: the projects that need the directory share one. */
const shared = globalThis as { dealdashSeededDataDir?: { dir: Promise<string>; users: number } };

/**
 * One migrated, seeded embedded data directory for the run's servers (a project's global setup provides it
 * as `seededDataDir`): starting on a copy skips migrating and seeding, about 3 s instead of 8. Made once
 * for every project that asks; removed when the last of them releases it.
 */
export async function shareSeededDataDir(): Promise<{ dir: string; release: () => void }> {
  shared.dealdashSeededDataDir ??= { dir: seed(), users: 0 };
  const entry = shared.dealdashSeededDataDir;
  entry.users++;
  const dir = await entry.dir;
  return {
    dir,
    release() {
      if (--entry.users > 0) return;
      delete shared.dealdashSeededDataDir;
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** The run's migrated snapshot unpacked into a directory, then the demo content, as a first start adds it. */
async function seed(): Promise<string> {
  const dir = tempDataDir("dealdash-seeded-");
  await (await PGlite.create(dir, { loadDataDir: await migratedSnapshot(), ...pgliteOptions() })).close();
  const handle = await openDatabase({ kind: "pglite", dataDir: dir });
  try {
    await seedDemoContent(handle.db);
  } finally {
    await handle.close();
  }
  return dir;
}
