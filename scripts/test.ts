import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";
import { ensureChromium } from "./ensure-chromium";

// `npm test`: unit, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and browser tests,
// against a fresh production build, ending with one summary line.
process.env.CHROME_PATH = ensureChromium();
ensureBuild();

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-test-")), "report.json");
const run = spawnSync(
  path.join("node_modules", ".bin", "vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
if (fs.existsSync(report)) {
  const summary = JSON.parse(fs.readFileSync(report, "utf8")) as VitestReport;
  const skipped = summary.numPendingTests + summary.numTodoTests;
  const drivers = process.env.TEST_DATABASE_URL ? "PGlite + PostgreSQL" : "PGlite only (set TEST_DATABASE_URL for PostgreSQL)";
  console.log(`\nIntegration drivers: ${drivers}`);
  console.log(`${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(run.status ?? 1);
