import { parseArgs } from "node:util";

import { DataDirLockedError } from "../app/db/data-dir-lock.server";
import { prepareDatabase, targetFromEnv } from "../app/db/database.server";
import { defaultScaleSizes, type ScaleSizes, seedScaleData } from "../app/db/seed/scale-data.server";
import { getEnv } from "../app/platform/env.server";
import { rollUpSeededClicks } from "./lib/seeded-roll-ups";

// `npm run seed:scale [-- --deals 100000 --coupons 20000 --stores 2000 --categories 200 --clicks 5000000
// --gifts 5000 --guides 500]`: adds a catalogue of that size to the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR while the server is stopped).
const names = Object.keys(defaultScaleSizes) as Array<keyof ScaleSizes>;
const { values } = parseArgs({ options: Object.fromEntries(names.map((name) => [name, { type: "string" }])) });
const sizes = { ...defaultScaleSizes };
for (const name of names) {
  const given = values[name];
  if (given === undefined) continue;
  const size = Number(given);
  if (!Number.isInteger(size) || size < 0) {
    console.error(`--${name} must be a whole number of rows, got "${String(given)}"`);
    process.exit(2);
  }
  sizes[name] = size;
}

const env = getEnv();
try {
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  try {
    const started = performance.now();
    const timings = await seedScaleData(handle.db, sizes, rollUpSeededClicks);
    for (const [name, seconds] of timings)
      console.log(
        `${name.padEnd(10)} ${String(sizes[name as keyof ScaleSizes]).padStart(9)} rows  ${seconds.toFixed(1)} s`,
      );
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s (${handle.driver})`);
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `Stop the server first: the embedded database in ${error.dataDir} is in use by process ${error.holderPid}.`,
    );
  } else {
    console.error(
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error,
    );
  }
  process.exit(1);
}
