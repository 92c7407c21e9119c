import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import type { IslandAssets } from "../../app/islands/island-assets";
import { projectRoot } from "./server-process";

// What the production build sends browsers (the bundle test and the bench read it). Public pages load
// the islands script and what it imports (build/islands.json, written by the client build); islands
// that only some pages have (the toaster) are fetched when a page has them.

const buildDir = path.join(projectRoot, "build");
const clientDir = path.join(buildDir, "client");

export function readIslandAssets(): IslandAssets {
  const file = path.join(buildDir, "islands.json");
  if (!fs.existsSync(file)) throw new Error("no islands record in the build: run npm run build");
  return JSON.parse(fs.readFileSync(file, "utf8")) as IslandAssets;
}

/** Every file a public page loads before its islands run. */
export const publicPageFiles = (assets = readIslandAssets()) => [...assets.scripts, ...assets.preloads];

/** Files a public page fetches only when it has an island that lives in them (their dynamic imports). */
export function lazyIslandFiles(assets = readIslandAssets()): string[] {
  const eager = new Set(publicPageFiles(assets));
  const lazy = new Set<string>();
  for (const file of eager) {
    for (const [, name] of readAsset(file).matchAll(/import\(`\.\/([^`]+)`\)/g))
      if (!eager.has(`/assets/${name}`)) lazy.add(`/assets/${name}`);
  }
  return [...lazy];
}

export const readAsset = (url: string) => fs.readFileSync(path.join(clientDir, url), "utf8");
export const gzippedSize = (url: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length;
export const gzippedTotal = (files: readonly string[]) => files.reduce((sum, file) => sum + gzippedSize(file), 0);
export const allScripts = () =>
  fs
    .readdirSync(path.join(clientDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`);
