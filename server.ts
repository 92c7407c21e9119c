import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createWebServer, type AppModule, type WebServerOptions } from "./server/web-server";

// Production server: the app bundle behind server/web-server.ts. `--dev` swaps the bundle for Vite's dev server.

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

async function loadApp(): Promise<{ mod: AppModule; options: Omit<WebServerOptions, "trustProxy"> }> {
  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
    return {
      mod: await load(),
      options: { before: vite.middlewares, handler: (req, res, next) => load().then((m) => m.app(req, res, next)).catch(next) },
    };
  }
  const mod = (await import(path.join(root, "build/server/index.js"))) as AppModule;
  return { mod, options: { clientDir: path.join(root, "build/client") } };
}

async function main() {
  const { mod, options } = await loadApp();
  const env = mod.getEnv();
  await mod.startDatabase();

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
