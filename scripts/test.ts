import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

import { ensureBuild } from "./ensure-build.mjs";
import { ensureChromium } from "./ensure-chromium";
import { costMeter, costReport } from "./lib/run-cpu";
import { startTestPostgres, type TestPostgres } from "./lib/test-postgres";

// `npm test [-- <vitest arguments>]`: unit, integration (on PGlite and on PostgreSQL) and browser tests
// against a fresh production build. PostgreSQL is TEST_DATABASE_URL's server when set, otherwise a
// throwaway one started here. `--busy` runs the tests beside a CPU-burning thread per core, to prove that
// none depends on an idle machine (`npm run test:busy`).
const args = process.argv.slice(2);
const busy = args.includes("--busy");
const vitestArgs = args.filter((arg) => arg !== "--busy");
/** `--project unit` or `--project=integration-pglite` alone reach no PostgreSQL: skip starting one. */
const projects = vitestArgs.flatMap((arg, i) =>
  arg === "--project" ? [vitestArgs[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
const needsPostgres = projects.length === 0 || projects.some((name) => !["unit", "integration-pglite"].includes(name));

const runCost = costMeter();
process.env.CHROME_PATH = ensureChromium();
ensureBuild();

let postgres: TestPostgres | undefined;
if (!process.env.TEST_DATABASE_URL && needsPostgres) {
  postgres = await startTestPostgres();
  process.env.TEST_DATABASE_URL = postgres.url;
}

const burners = busy
  ? Array.from({ length: os.availableParallelism() }, () => new Worker("for (;;) {}", { eval: true }))
  : [];
if (busy) console.log(`Busy machine: ${burners.length} CPU-burning threads run beside the tests.`);

const vitest = spawn(path.join("node_modules", ".bin", "vitest"), ["run", ...vitestArgs], { stdio: "inherit" });
// Ctrl-C reaches Vitest too (same process group): let it finish reporting, then clean up.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (vitest.exitCode === null) vitest.kill(signal);
  });
}
const status = await new Promise<number>((resolve) =>
  vitest.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
);

await Promise.all(burners.map((burner) => burner.terminate()));
await postgres?.stop();
// Every process the run started has ended by now: its CPU is counted (the burners are threads, not counted).
console.log(costReport(runCost(), { wholeSuite: vitestArgs.length === 0, busy }));
process.exit(status);
