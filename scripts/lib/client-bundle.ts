import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { projectRoot } from "./server-process";

// The production build's client manifest: which files a visit to each route loads (the bundle test and
// the bench read it).

const clientDir = path.join(projectRoot, "build/client");

interface ManifestRoute {
  module: string;
  imports?: string[];
  parentId?: string;
}

export interface ClientManifest {
  entry: ManifestRoute;
  routes: Record<string, ManifestRoute>;
}

export function readClientManifest(): ClientManifest {
  const file = fs.readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no client manifest in the build: run npm run build");
  const source = fs.readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

/** The public routes' ids (the site's own pages, under routes/site/). */
export const publicRouteIds = (manifest: ClientManifest) => Object.keys(manifest.routes).filter((id) => id.startsWith("routes/site/"));

/** Every file a visit to the route loads before it runs: the entry, then the route and its parents with their imports. */
export function routeFiles(manifest: ClientManifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}

export const readAsset = (url: string) => fs.readFileSync(path.join(clientDir, url), "utf8");
export const gzippedSize = (url: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length;
export const allScripts = () =>
  fs
    .readdirSync(path.join(clientDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`);

/** Gzipped JavaScript a visit to the route loads, in bytes. */
export const routeScriptBytes = (manifest: ClientManifest, routeId: string) => routeFiles(manifest, routeId).reduce((sum, file) => sum + gzippedSize(file), 0);
