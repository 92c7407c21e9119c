// @ts-check
// Plain JavaScript on purpose: `npm start` runs it with node before the server, and a TypeScript loader
// would add half a second to every start. The rest of the scripts import it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "build/server/index.js");
const sources = [
  "app",
  "server",
  "server.ts",
  "public",
  "drizzle",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** @param {string} target @returns {number} */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (/** @type {number} */ newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

/** Builds the app when there is no build, or when any source is newer than it. */
export function ensureBuild() {
  const built = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (built > newestSource) return;
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  // Always a production build: called from inside Vitest (NODE_ENV=test), React's development build was
  // bundled instead (185 KiB of public JavaScript rather than ~130).
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) {
    console.error("The build failed.");
    process.exit(result.status ?? 1);
  }
}

// `node scripts/ensure-build.mjs` (the first step of `npm start`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureBuild();
