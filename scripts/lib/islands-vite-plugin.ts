import fs from "node:fs";
import path from "node:path";

import type { Plugin } from "vite";

import type { IslandAssets } from "../../app/islands/island-assets";

// Public pages are not hydrated by React Router: they load one small script that hydrates their interactive
// parts (ADR 0026). React Router's manifest does not know that script, so the client build emits it as an
// extra entry and records its file and its imports; the server reads them through a virtual module.

const ENTRY = "app/entry.islands.tsx";
const VIRTUAL = "virtual:dealdash/islands";
const RESOLVED = `\0${VIRTUAL}`;
/** Written next to build/client and build/server, out of what is served. */
const RECORD = "islands.json";

export function islandsPlugin(): Plugin {
  let root = "";
  let base = "/";
  let command: "build" | "serve" = "build";
  const record = () => path.resolve(root, "build", RECORD);
  return {
    name: "dealdash:islands",
    configResolved(config) {
      root = config.root;
      base = config.base;
      command = config.command;
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client")
        this.emitFile({ type: "chunk", id: path.resolve(root, ENTRY), name: "islands" });
    },
    writeBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.facadeModuleId === path.resolve(root, ENTRY));
      if (!entry) throw new Error(`the client build has no ${ENTRY} chunk`);
      const preloads = new Set<string>();
      const visit = (fileName: string) => {
        for (const imported of chunks.get(fileName)?.imports ?? []) {
          if (preloads.has(imported)) continue;
          preloads.add(imported);
          visit(imported);
        }
      };
      visit(entry.fileName);
      const assets: IslandAssets = {
        scripts: [base + entry.fileName],
        preloads: [...preloads].map((file) => base + file),
      };
      fs.writeFileSync(record(), JSON.stringify(assets));
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      // In development Vite serves the source; React Router's refresh runtime must be installed first.
      const assets: IslandAssets =
        command === "serve"
          ? { scripts: ["/@id/__x00__virtual:react-router/inject-hmr-runtime", `/${ENTRY}`], preloads: [] }
          : (JSON.parse(fs.readFileSync(record(), "utf8")) as IslandAssets);
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
