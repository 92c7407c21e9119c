import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { projectRoot } from "./lib/server-process";

// docs/architecture.md and the topic guides beside it describe the code as it is: every path they name exists.

const guides = fs.readdirSync(path.join(projectRoot, "docs")).filter((name) => name.endsWith(".md"));

/** The type adding-a-content-type.md adds as its worked example: the files it names for it do not exist. */
const EXAMPLE_TYPE = /brand/;

/** Backticked names in a guide that look like paths in the repository (`app/platform/`, `server/app.ts`). */
function namedIn(guide: string): string[] {
  const doc = fs.readFileSync(path.join(projectRoot, "docs", guide), "utf8");
  return [
    ...new Set(
      [...doc.matchAll(/`([a-z.][\w./-]*\/[\w./-]*|[\w-]+\.(?:ts|tsx|md|json))`/gi)].map((match) => match[1]!),
    ),
  ].filter(
    (name) =>
      !name.includes("<") &&
      !name.startsWith("#") &&
      !name.includes("*") &&
      !/^\//.test(name) &&
      !EXAMPLE_TYPE.test(name),
  );
}

/** Every file and folder of the project's own code, relative to its root. */
function projectPaths(): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(projectRoot, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      found.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  for (const top of ["app", "server", "scripts", "tests", "docs", "drizzle"]) {
    found.push(top);
    walk(top);
  }
  return found;
}

/** A name may be written relative to the folder the text is about: it must end some real path. */
function exists(name: string, paths: string[]): boolean {
  const wanted = name.replace(/\/$/, "");
  return (
    fs.existsSync(path.join(projectRoot, wanted)) ||
    paths.some((candidate) => candidate === wanted || candidate.endsWith(`/${wanted}`))
  );
}

describe("docs/architecture.md and the topic guides", () => {
  it("include the architecture and the guides it links", () => {
    expect(guides).toEqual(
      expect.arrayContaining(["architecture.md", "public-reads.md", "page-cache.md", "analytics.md", "testing.md"]),
    );
  });

  it.each(guides)("%s names only paths that exist", (guide) => {
    const named = namedIn(guide);
    if (guide === "architecture.md") expect(named.length).toBeGreaterThan(30);
    const paths = projectPaths();
    expect(named.filter((name) => !exists(name, paths))).toEqual([]);
  });
});
