import { parseArgs } from "node:util";

import { defaultScaleSizes, type ScaleSizes } from "../../app/db/seed/scale-data.server";

// The sizes `npm run seed:scale` and `npm run bench -- --scale` take: `--deals 1000000 --coupons 200000
// --candidates 1000000 …`, each a whole number of rows, the default for any not given; the bench also takes
// `--feed 100000`, the offers of the feed it lands in the review queue, and `--requests 400`, the requests
// it times per page (a p95 of 30 is the second-slowest, which one busy second on a shared machine decides).

const names = Object.keys(defaultScaleSizes) as Array<keyof ScaleSizes>;
const DEFAULT_FEED = 100_000;
const DEFAULT_REQUESTS = 30;
const counts = ["feed", "requests"] as const;
/** The least each may be: a page timed no times gives no figures. */
const least = (name: string) => (name === "requests" ? 1 : 0);

/** What `npm run bench -- --scale` runs on: the rows it seeds, the feed it lands and the requests per page. */
export type ScaleBenchSizes = ScaleSizes & { feed: number; requests: number };

/** The sizes the command line asks for; a size that is not a whole number stops the script with why. */
export function scaleSizesFrom(args: string[]): ScaleBenchSizes {
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries([...names, ...counts].map((name) => [name, { type: "string" as const }])),
      scale: { type: "boolean" },
      backups: { type: "boolean" },
    },
    allowPositionals: true,
  });
  const sizes = { ...defaultScaleSizes, feed: DEFAULT_FEED, requests: DEFAULT_REQUESTS };
  for (const name of [...names, ...counts]) {
    const given = (values as Record<string, string | boolean | undefined>)[name];
    if (given === undefined) continue;
    const size = Number(given);
    if (!Number.isInteger(size) || size < least(name)) {
      console.error(`--${name} must be a whole number of at least ${least(name)}, got "${String(given)}"`);
      process.exit(2);
    }
    sizes[name] = size;
  }
  return sizes;
}
