import { describe, expect, it } from "vitest";
import { allScripts, publicRouteIds, readAsset, readClientManifest, routeFiles, routeScriptBytes } from "../../scripts/lib/client-bundle";

// Reads the production build's client manifest (the build exists: the e2e setup made it).

// Libraries only the admin needs, each found by a string its minified code keeps.
const adminOnly = {
  "the Tiptap editor": "ProseMirror",
  zod: "ZodObject",
  "the Conform form library": "__intent__",
  "the sonner toasts": "data-sonner-toaster",
  "the Radix dialog": "DialogContent",
};

/** React 19 and React Router 7 alone are about 106 KiB gzipped; this leaves our public code about 34 KiB. */
const PUBLIC_ROUTE_BUDGET = 140 * 1024;
/** Each script is a request before the page can hydrate; Lighthouse's mobile model counted about forty in first paint. */
const PUBLIC_ROUTE_FILES = 12;

describe("the public pages' JavaScript", () => {
  const manifest = readClientManifest();
  const publicRoutes = publicRouteIds(manifest);

  it("leaves out the editor, validation, form, toast and dialog libraries, which only the admin loads", () => {
    expect(publicRoutes.length).toBeGreaterThan(10);
    const files = new Set(publicRoutes.flatMap((id) => routeFiles(manifest, id)));
    for (const file of files) {
      const code = readAsset(file);
      for (const [library, marker] of Object.entries(adminOnly)) expect(code.includes(marker), `${file} ships ${library}`).toBe(false);
    }
    // The check can fail: each marker is in the admin's own chunks.
    const everything = allScripts().map(readAsset);
    for (const [library, marker] of Object.entries(adminOnly)) expect(everything.some((code) => code.includes(marker)), `${library} is in no chunk`).toBe(true);
  });

  it(`keeps every public route within ${PUBLIC_ROUTE_BUDGET / 1024} KiB of gzipped JavaScript`, () => {
    for (const id of publicRoutes) {
      const bytes = routeScriptBytes(manifest, id);
      expect(bytes, `${id} ships ${Math.round(bytes / 1024)} KiB`).toBeLessThanOrEqual(PUBLIC_ROUTE_BUDGET);
    }
  });

  it(`loads each public route's JavaScript in at most ${PUBLIC_ROUTE_FILES} files`, () => {
    for (const id of publicRoutes) {
      const files = routeFiles(manifest, id);
      expect(files.length, `${id} loads ${files.join(", ")}`).toBeLessThanOrEqual(PUBLIC_ROUTE_FILES);
    }
  });
});
