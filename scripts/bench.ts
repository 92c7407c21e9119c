import fs from "node:fs";

import { ensureBuild } from "./ensure-build.mjs";
import { runAlertLatencyBench } from "./lib/alert-latency";
import { runBackupBench } from "./lib/backup-bench";
import { gzippedSize, gzippedTotal, lazyIslandFiles, publicPageFiles } from "./lib/client-bundle";
import { runLoadSmoke } from "./lib/load-smoke";
import { runScaleBench } from "./lib/scale-bench";
import { scaleSizesFrom } from "./lib/scale-sizes";
import { startServer, tempDataDir } from "./lib/server-process";
import { runSideBySide } from "./lib/side-by-side";
import { percentile } from "./lib/stats";
import { runUnderAttackBench } from "./lib/under-attack-bench";

// `npm run bench`: prints figures for the production server on a fresh embedded database. Never asserts.
// `npm run bench -- --scale [--deals 1000000 --candidates 1000000 …]`: the admin, public pages and sourcing at
// a real catalogue's size instead, 100,000 deals unless given (scripts/lib/scale-bench.ts).
// `npm run bench -- --under-attack`: memory, writes, votes and sockets under hostile load (scripts/lib/under-attack-bench.ts).
// `npm run bench -- --backups [--deals 100000 --clicks 1000000 …]`: a backup and a restore at that size (scripts/lib/backup-bench.ts).
if (process.argv.includes("--under-attack")) {
  ensureBuild();
  await runUnderAttackBench();
  process.exit(0);
}
if (process.argv.includes("--backups")) {
  await runBackupBench(scaleSizesFrom(process.argv.slice(2)), process.env.BENCH_DATABASE_URL);
  process.exit(0);
}
if (process.argv.includes("--scale")) {
  ensureBuild();
  await runScaleBench(scaleSizesFrom(process.argv.slice(2)), process.env.BENCH_DATABASE_URL);
  process.exit(0);
}
const REQUESTS = Number(process.argv[2] ?? 200);
const PATHS = ["/", "/deal-dashes", "/buying-guides/how-to-choose-a-tablet", "/healthz"];

ensureBuild();
const dataDir = tempDataDir("dealdash-bench-");
const started = performance.now();
const admin = { email: "bench@dealdash.test", password: "bench-password" };
const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const first = await startServer({ dataDir, env });
console.log(`cold start (new data dir, migrate, seed): ${(performance.now() - started).toFixed(0)} ms`);
await first.stop();
// What `npm start` does on an existing build and data: start the built server and ask for the home page.
const restarted = performance.now();
const server = await startServer({ dataDir, env });
await fetch(server.url).then((response) => response.arrayBuffer());
console.log(
  `start on an existing build and data dir, to the first page: ${(performance.now() - restarted).toFixed(0)} ms`,
);

try {
  for (const path of PATHS) {
    await fetch(server.url + path).then((r) => r.arrayBuffer()); // warm up
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const body = await fetch(server.url + path).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${path.padEnd(42)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ` +
        `${(bytes / 1024).toFixed(1)} KiB  (${REQUESTS} sequential requests)`,
    );
  }
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `\npublic JavaScript (gzipped): every public page loads ${kib(gzippedTotal(publicPageFiles()))} in ${publicPageFiles().length} files (the islands script)`,
  );
  for (const file of lazyIslandFiles())
    console.log(`  and, only where its island is, ${file}: ${kib(gzippedSize(file))}`);
  await runSideBySide({
    url: server.url,
    paths: ["/", "/deal-dashes", "/coupons", "/buying-guides/how-to-choose-a-tablet"],
    connections: 32,
    seconds: 5,
  });
  await runLoadSmoke({
    url: server.url,
    admin,
    connections: 32,
    seconds: 10,
    paths: ["/", "/deal-dashes", "/coupons", "/buying-guides/how-to-choose-a-tablet"],
    writeEveryMs: 250,
  });
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const rss = status.match(/VmRSS:\s+(\d+) kB/)?.[1];
  if (rss) console.log(`server memory (RSS): ${(Number(rss) / 1024).toFixed(0)} MiB`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
await runAlertLatencyBench({ samples: 10 });
