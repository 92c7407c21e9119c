import { parseArgs } from "node:util";

import { defaultScaleSizes, type ScaleSizes } from "../../app/db/seed/scale-data.server";

// The sizes `npm run seed:scale` and `npm run bench -- --scale` take: `--deals 1000000 --coupons 200000
// --candidates 1000000 …`, each a whole number of rows, the default for any not given; the bench also takes
// `--feed 100000`, the offers of the feed it lands in the review queue.

const names = Object.keys(defaultScaleSizes) as Array<keyof ScaleSizes>;
const DEFAULT_FEED = 100_000;

/** The sizes the command line asks for; a size that is not a whole number stops the script with why. */
export function scaleSizesFrom(args: string[]): ScaleSizes & { feed: number } {
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries([...names, "feed"].map((name) => [name, { type: "string" as const }])),
      scale: { type: "boolean" },
      backups: { type: "boolean" },
    },
    allowPositionals: true,
  });
  const sizes = { ...defaultScaleSizes, feed: DEFAULT_FEED };
  for (const name of [...names, "feed" as const]) {
    const given = (values as Record<string, string | boolean | undefined>)[name];
    if (given === undefined) continue;
    const size = Number(given);
    if (!Number.isInteger(size) || size < 0) {
      console.error(`--${name} must be a whole number of rows, got "${String(given)}"`);
      process.exit(2);
    }
    sizes[name] = size;
  }
  return sizes;
}
