import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Ports free on loopback now, all different: each probe holds its port until every one is open. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.once("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

export function tempDataDir(prefix = "dealdash-e2e-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A new temp data directory holding a copy of `source` (a stopped server's). */
export function copyOfDataDir(source: string, prefix = "dealdash-e2e-"): string {
  const dir = tempDataDir(prefix);
  fs.cpSync(source, dir, { recursive: true });
  return dir;
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then wait for the process to exit; resolves to its exit code. */
  stop(): Promise<number | null>;
}

interface ServerOptions {
  dataDir: string;
  env?: Record<string, string>;
  /**
   * Node's flags for it. A test's server lives seconds to a minute, so by default under Vitest it runs
   * PGlite's WebAssembly at V8's first tier only: compiling it again at the top tier costs such a process
   * more CPU than the faster code saves. A server that lives the whole run (a browser-test lane), or one
   * measured by a benchmark, runs as in production.
   */
  nodeFlags?: string[];
}

const SHORT_LIVED_FLAGS = process.env.VITEST ? ["--liftoff-only"] : [];

/** Starts the production server (the build must exist) on `port` or a free one, and waits until /healthz answers. */
export async function startServer(options: ServerOptions & { port?: number }): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const child = spawnServer({ ...options, port });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    port,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * Spawns the built server (`build/server/start.js`, what `npm start` runs) in production mode without
 * waiting (for tests of start-up failures). The build must be fresh: the test setups ensure it.
 */
export function spawnServer(options: ServerOptions & { port: number }): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? SHORT_LIVED_FLAGS), "build/server/start.js"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      VITEST: "",
      LOG_LEVEL: "warn",
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}
