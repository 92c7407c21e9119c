import path from "node:path";

import madge from "madge";
import { describe, expect, it } from "vitest";

// The route table is built when the server starts and when the bundle is made: it reads each type's face,
// never a type's admin desk, so building it loads no database client, no job queue and no Amazon client.

const appDir = path.dirname(new URL(import.meta.url).pathname);

/** Every app module app/routes.ts loads, directly or through others, relative to app/. */
async function modulesLoadedByRoutes(): Promise<string[]> {
  const graph = (await (
    await madge(path.join(appDir, "routes.ts"), {
      baseDir: appDir,
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(appDir, "../tsconfig.json"),
      // Type imports are erased: they load nothing.
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    })
  ).obj()) as Record<string, string[]>;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph[file] ?? []) visit(next);
  };
  visit("routes.ts");
  return [...seen];
}

describe("app/routes.ts", () => {
  // Reading the module graph takes a second, more on a busy machine.
  it(
    "loads faces and words, not the database, the job queue, Amazon or any server module",
    { timeout: 30_000 },
    async () => {
      const loaded = await modulesLoadedByRoutes();
      expect(loaded).toContain("modules/catalogue/faces.ts");
      expect(loaded).toContain("modules/deals/deal.face.ts");
      expect(
        loaded.filter(
          (file) =>
            file.endsWith(".server.ts") ||
            file.startsWith("modules/amazon/") ||
            (file.startsWith("db/") && !file.startsWith("db/schema")),
        ),
      ).toEqual([]);
    },
  );
});
