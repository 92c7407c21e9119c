import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module whether it runs from source or from the build. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = () => path.join(projectRoot(), "drizzle");
