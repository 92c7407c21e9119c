import compression from "compression";
import express from "express";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as AppExports from "./server/app";

// Production server: static assets, then the app bundle. `--dev` swaps the bundle for Vite's dev server.
type AppModule = typeof AppExports;

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

async function loadApp(): Promise<{ mod: AppModule; mount: (server: express.Express) => void }> {
  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
    return {
      mod: await load(),
      mount(server) {
        server.use(vite.middlewares);
        server.use((req, res, next) => load().then((m) => m.app(req, res, next)).catch(next));
      },
    };
  }
  const buildEntry = path.join(root, "build/server/index.js");
  const mod = (await import(buildEntry)) as AppModule;
  return {
    mod,
    mount(server) {
      // Hashed file names never change content: cache them for a year.
      server.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
      server.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
      server.use(mod.app);
    },
  };
}

async function main() {
  const { mod, mount } = await loadApp();
  const env = mod.getEnv();
  await mod.startDatabase();

  const server = express();
  server.disable("x-powered-by");
  server.set("trust proxy", "loopback");
  server.use(compression());
  mount(server);

  const http: Server = server.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    mod.logger.info({ port, url: env.PUBLIC_URL }, `DealDash is listening on http://localhost:${port}`);
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    http.close();
    http.closeIdleConnections();
    await mod.stopDatabase();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // Startup failures (bad configuration, a locked data directory, an unreachable database) end the process
  // with their message, not a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
