import { DataDirLockedError } from "../app/db/data-dir-lock.server";
import { prepareDatabase, targetFromEnv } from "../app/db/database.server";
import type { ScaleSizes } from "../app/db/seed/scale-data.server";
import { getEnv } from "../app/platform/env.server";
import { seedScaleCatalogue } from "./lib/scale-seed";
import { scaleSizesFrom } from "./lib/scale-sizes";

// `npm run seed:scale [-- --deals 100000 --coupons 20000 --stores 2000 --categories 200 --clicks 5000000
// --gifts 5000 --guides 500 --prices 3000000 --candidates 20000 --earnings 200000]`: adds a catalogue of that size to the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR while the server is stopped).
const sizes = scaleSizesFrom(process.argv.slice(2));

const env = getEnv();
try {
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  try {
    const started = performance.now();
    const timings = await seedScaleCatalogue(handle, sizes);
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
