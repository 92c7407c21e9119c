import { defineConfig } from "vitest/config";

import HeaviestFirstSequencer from "./tests/support/heaviest-first-sequencer";

// Five kinds of test. Unit tests need nothing. Integration tests run once per database driver: on in-memory
// PGlite and on the PostgreSQL server at TEST_DATABASE_URL (`npm test` starts one when it is unset, see
// scripts/test.ts). Request tests send requests to the production bundle served in their worker's process,
// one app per worker. Reliability tests start the production build as processes of its own, and kill them.
// Browser (e2e) files run two at a time, each on its lane's shared production server
// (tests/e2e/support/global-setup.ts).
const integration = (driver: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${driver}`,
    // *.pglite.test.ts covers the embedded database only (its data directory and lock), *.postgres.test.ts
    // a server's (its clock is not the test's).
    include: ["app/**/*.int.test.ts", `app/**/*.${driver}.test.ts`],
    env: { TEST_DB_DRIVER: driver },
    isolate: false,
    globalSetup: ["tests/support/integration-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at a time even on two cores (Vitest's default leaves one core idle): most files wait on a
    // browser, a server or PostgreSQL part of the time. Three oversubscribe the CPU (each browser file
    // runs Chromium and a server) and end slower.
    maxWorkers: 2,
    // Limits are for a test that hangs, not a measure of speed: sized for a busy machine (npm run test:busy).
    // expect.poll waits up to 30 s (Vitest's default is 1 s).
    expect: { poll: { timeout: 30_000 } },
    // Longest files first, whatever their project: the short ones fill both lanes at the end.
    sequence: { sequencer: HeaviestFirstSequencer },
    // The summary names the slowest files and the drivers that ran (tests/support/summary-reporter.ts).
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.pglite.test.ts", "**/*.postgres.test.ts", "node_modules/**"],
        },
      },
      integration("pglite"),
      integration("postgres"),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          // A worker runs its lane's files one after another with the modules (Playwright, the browser
          // connection) loaded once.
          isolate: false,
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: "requests",
          // A worker's files share one app served from its process (tests/support/in-process-server.ts).
          include: ["tests/requests/**/*.test.ts"],
          isolate: false,
          globalSetup: ["tests/support/build-setup.ts"],
          // The production bundle runs as Node loads it, not through Vite's transform.
          server: { deps: { external: [/\/build\/server\//] } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          // Each file's process opens the app's embedded database for a minute or less: V8's top tier
          // for PGlite's WebAssembly costs it more CPU than the faster code saves (scripts/lib/server-process.ts).
          execArgv: ["--liftoff-only"],
          include: ["tests/reliability/**/*.test.ts"],
          // A worker's files share its imports (the app's modules, PGlite's compiled WebAssembly): importing
          // them again for each file cost a worker several CPU-seconds.
          isolate: false,
          globalSetup: ["tests/support/build-setup.ts"],
          // The production bundle runs as Node loads it, not through Vite's transform.
          server: { deps: { external: [/\/build\/server\//] } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
