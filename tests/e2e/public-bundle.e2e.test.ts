import { describe, expect, it } from "vitest";

import {
  allScripts,
  gzippedTotal,
  lazyIslandFiles,
  publicPageFiles,
  readAsset,
  readIslandAssets,
} from "../../scripts/lib/client-bundle";
import { baseUrl } from "./support/browser";

// Reads the production build (the e2e setup made it) and the pages the shared server sends.

// Code public pages must not load, each found by a string its minified code keeps.
const adminOnly = {
  "React Router": "__reactRouterContext",
  "the Tiptap editor": "ProseMirror",
  zod: "ZodObject",
  "the Conform form library": "__intent__",
  "the sonner toasts": "data-sonner-toaster",
  "the Radix dialog": "DialogContent",
};

/** The budget: 110 KB gzipped (React and React DOM are about 67 KiB of it). */
const PUBLIC_BUDGET = 110_000;
/** Each script is a request before the islands can run. */
const PUBLIC_FILES = 6;

const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);

describe("the public pages' JavaScript", () => {
  const assets = readIslandAssets();

  it("is the islands script on every kind of public page, while the admin is hydrated by React Router", async () => {
    const listing = await (await fetch(`${baseUrl()}/deal-dashes?view=list`)).text();
    const deal = listing.match(/href="(\/deals\/[^"]+)"/)?.[1];
    expect(deal).toBeDefined();
    for (const path of [
      "/",
      "/deal-dashes?view=list",
      "/coupons",
      deal!,
      "/buying-guides/best-noise-cancelling-headphones",
      "/about",
      "/no-such-page",
    ]) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(scriptsOf(html), path).toEqual(assets.scripts);
      expect(html, path).not.toContain("__reactRouterContext");
      for (const file of assets.preloads) expect(html, path).toContain(`<link rel="modulepreload" href="${file}"/>`);
    }
    const login = await (await fetch(`${baseUrl()}/admin/login`)).text();
    expect(login).toContain("__reactRouterContext");
    expect(scriptsOf(login)).not.toContain(assets.scripts[0]);
  });

  it("leaves out React Router and the editor, validation, form, toast and dialog libraries", () => {
    const lazy = lazyIslandFiles(assets);
    for (const file of [...publicPageFiles(assets), ...lazy]) {
      const code = readAsset(file);
      for (const [library, marker] of Object.entries(adminOnly)) {
        // The toaster is an island of its own, fetched only by a page handed a toast.
        if (library === "the sonner toasts" && lazy.includes(file)) continue;
        expect(code.includes(marker), `${file} ships ${library}`).toBe(false);
      }
    }
    // The check can fail: each marker is in the admin's own chunks.
    const everything = allScripts().map(readAsset);
    for (const [library, marker] of Object.entries(adminOnly))
      expect(
        everything.some((code) => code.includes(marker)),
        `${library} is in no chunk`,
      ).toBe(true);
  });

  it(`keeps every public page within ${PUBLIC_BUDGET / 1000} KB of gzipped JavaScript in at most ${PUBLIC_FILES} files`, () => {
    const files = publicPageFiles(assets);
    const bytes = gzippedTotal(files);
    expect(bytes, `public pages load ${Math.round(bytes / 1024)} KiB`).toBeLessThanOrEqual(PUBLIC_BUDGET);
    expect(files.length, files.join(", ")).toBeLessThanOrEqual(PUBLIC_FILES);
  });
});
