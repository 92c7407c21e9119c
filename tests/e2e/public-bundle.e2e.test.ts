import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/lib/server-process";

// Reads the production build's client manifest (the build exists: the e2e setup made it).
const assetsDir = path.join(projectRoot, "build/client/assets");

interface ManifestEntry {
  module: string;
  imports?: string[];
}

function clientManifest(): { entry: ManifestEntry; routes: Record<string, ManifestEntry> } {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-.*\.js$/.test(name));
  expect(file, "no client manifest in the build").toBeDefined();
  const source = fs.readFileSync(path.join(assetsDir, file!), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

const readAsset = (url: string) => fs.readFileSync(path.join(projectRoot, "build/client", url), "utf8");
const shipsTiptap = (code: string) => code.includes("ProseMirror") || code.includes("@tiptap");

describe("the public pages' JavaScript", () => {
  it("does not contain the Tiptap editor, which only the admin guide form loads", () => {
    const manifest = clientManifest();
    const publicRoutes = Object.entries(manifest.routes).filter(([id]) => id === "root" || id.startsWith("routes/site/"));
    expect(publicRoutes.length).toBeGreaterThan(5);
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const [, route] of publicRoutes) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    for (const file of files) expect(shipsTiptap(readAsset(file)), `${file} ships Tiptap`).toBe(false);

    // The check can fail: the editor's own chunk does contain it.
    const editorChunk = fs.readdirSync(assetsDir).find((name) => name.startsWith("rich-text-editor-"));
    expect(editorChunk).toBeDefined();
    expect(shipsTiptap(readAsset(`/assets/${editorChunk}`))).toBe(true);
  });
});
