import cluster from "node:cluster";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { type AppModule, createWebServer, type WebServerOptions } from "./server/web-server";

// Production server: the app bundle behind server/web-server.ts. `--dev` swaps the bundle for Vite's dev server.

// Run from source (`tsx server.ts`) or built (`node build/server/start.js`, what `npm start` runs): the
// build folder is found from either place.
const here = fileURLToPath(import.meta.url);
const buildDir = here.endsWith(".ts") ? path.join(path.dirname(here), "build") : path.resolve(path.dirname(here), "..");
const development = process.argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

async function loadApp(): Promise<{ mod: AppModule; options: Omit<WebServerOptions, "trustProxy"> }> {
  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
    return {
      mod: await load(),
      options: {
        before: vite.middlewares,
        handler: (req, res, next) =>
          load()
            .then((m) => m.app(req, res, next))
            .catch(next),
      },
    };
  }
  const mod = (await import(path.join(buildDir, "server/index.js"))) as AppModule;
  return { mod, options: { clientDir: path.join(buildDir, "client") } };
}

/**
 * How many HTTP processes to run: WEB_CONCURRENCY, else one per core, on PostgreSQL. The embedded
 * database belongs to one process (its data directory is locked), and development runs one.
 */
function processCount(env: ReturnType<AppModule["getEnv"]>): number {
  if (development || !env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/** The primary of a cluster: prepares the database once, then keeps `count` workers serving. */
async function runPrimary(mod: AppModule, count: number) {
  await mod.prepareDatabaseOnce();
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    mod.logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped; starting another");
    cluster.fork();
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal, workers: count }, "shutting down");
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once("exit", () => --left === 0 && process.exit(0));
      worker?.process.kill("SIGTERM");
    }
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

async function main() {
  const { mod, options } = await loadApp();
  const env = mod.getEnv();
  const count = processCount(env);
  if (count > 1 && cluster.isPrimary) return runPrimary(mod, count);
  await mod.startDatabase({ firstAdmin: cluster.isPrimary });

  const http: Server = createWebServer(mod, { ...options, trustProxy: env.TRUST_PROXY });
  http.listen(env.PORT, env.HOST, () => {
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
