import fs from "node:fs";
import http from "node:http";
import net from "node:net";

import autocannon from "autocannon";

import { createStoreOverHttp, signInOverHttp } from "./admin-over-http";
import { type RunningServer, startServer, tempDataDir } from "./server-process";
import { percentile } from "./stats";

// `npm run bench -- --under-attack`: the server as a hostile visitor or a busy day meets it (issue 32), each
// figure beside the same run's calm one. Prints, never asserts.

const ADMIN = { email: "bench@dealdash.test", password: "bench-password" };
const PUBLIC_PATHS = ["/", "/deal-dashes", "/coupons", "/buying-guides/how-to-choose-a-tablet"];

const rssMiB = (server: RunningServer) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function withServer(env: Record<string, string>, run: (server: RunningServer) => Promise<void>): Promise<void> {
  const dataDir = tempDataDir("dealdash-attack-");
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
  });
  try {
    await run(server);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Requests `count` distinct URLs made by `pathOf`, `connections` at a time. */
async function distinctUrls(server: RunningServer, count: number, pathOf: (n: number) => string, connections = 32) {
  let n = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    amount: count,
    timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(n++) }) }],
  });
  return { rps: result.requests.average, errors: result.errors + result.timeouts + result.non2xx };
}

/** Finding 1: RSS against PAGE_CACHE_MB under 100,000 distinct URLs, kept ones and ones nobody's page reads. */
async function cacheMemory(): Promise<void> {
  await withServer({ PAGE_CACHE_MB: "64" }, async (server) => {
    for (const path of PUBLIC_PATHS) await fetch(server.url + path).then((response) => response.arrayBuffer());
    const baseline = rssMiB(server);
    const long = "x".repeat(8_000);
    const runs: Array<[string, number, (n: number) => string]> = [
      ["/robots.txt?page=<n> (kept)", 100_000, (n) => `/robots.txt?page=${n}`],
      ["/robots.txt?k=<n> (not read by any page)", 100_000, (n) => `/robots.txt?k=${n}`],
      ["/robots.txt?search=<8 KB>&page=<n> (kept)", 20_000, (n) => `/robots.txt?search=${long}&page=${n}`],
    ];
    console.log(
      `page cache memory at PAGE_CACHE_MB=64: RSS ${baseline.toFixed(0)} MiB after warm-up (budget: ${(baseline + 64).toFixed(0)} MiB + 25 %)`,
    );
    for (const [label, count, pathOf] of runs) {
      const { rps, errors } = await distinctUrls(server, count, pathOf);
      console.log(
        `  ${count.toLocaleString("en")} × ${label.padEnd(44)} RSS ${rssMiB(server).toFixed(0)} MiB  (${rps.toFixed(0)} req/s, ${errors} errors)`,
      );
    }
  });
}

/** Finding 2: an owner's saves while 200 connections load public pages, beside the same saves on a quiet server. */
async function writesUnderLoad(): Promise<void> {
  // 200 connections come from one address here: trusted as a proxy's, or the per-address socket cap would cut half.
  await withServer({ TRUST_PROXY: "loopback" }, async (server) => {
    const cookie = await signInOverHttp(server.url, ADMIN);
    const timeSaves = async (until: () => boolean) => {
      const times: number[] = [];
      for (let i = 0; until(); i++) {
        const started = performance.now();
        if (await createStoreOverHttp(server.url, cookie, `Bench store ${Date.now()}-${i}`))
          times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    let quietSaves = 20;
    const quiet = await timeSaves(() => quietSaves-- > 0);
    let running = true;
    const saves = timeSaves(() => running);
    const load = await autocannon({
      url: server.url,
      connections: 200,
      duration: 20,
      timeout: 10,
      requests: PUBLIC_PATHS.map((path) => ({ path })),
    });
    running = false;
    const busy = await saves;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `admin saves beside 200 connections on public pages (20 s):\n` +
        `  quiet: ${quiet.length} saves, p50 ${ms(percentile(quiet, 50))}, p95 ${ms(percentile(quiet, 95))}\n` +
        `  under load: ${busy.length} saves (${((busy.length / 20) * 60).toFixed(0)} a minute), p50 ${ms(percentile(busy, 50))}, p95 ${ms(percentile(busy, 95))}\n` +
        `  public pages meanwhile: ${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.errors + load.timeouts} errors`,
    );
  });
}

/** Finding 3: cache-hit throughput while anonymous visitors vote twice a second from rotating addresses. */
async function hitsWhileVoting(): Promise<void> {
  await withServer({ TRUST_PROXY: "loopback" }, async (server) => {
    const html = await (await fetch(`${server.url}/coupons`)).text();
    const ids = [...html.matchAll(/id="coupon-([0-9a-f-]{36})"/g)].map((match) => match[1]!);
    const hits = () => autocannon({ url: server.url, connections: 32, duration: 10, requests: [{ path: "/coupons" }] });
    const calm = await hits();
    let voting = true;
    const votes = (async () => {
      for (let n = 0; voting; n++) {
        await fetch(`${server.url}/votes/coupon/${ids[n % ids.length]}`, {
          method: "POST",
          headers: { accept: "application/json", "x-forwarded-for": `198.18.${Math.floor(n / 250) % 250}.${n % 250}` },
          body: new URLSearchParams({ vote: "worked" }),
        }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const voted = await hits();
    voting = false;
    await votes;
    console.log(
      `cache hits on /coupons (32 connections, 10 s):\n` +
        `  no votes: ${calm.requests.average.toFixed(0)} req/s, p99 ${calm.latency.p99} ms\n` +
        `  2 votes a second from rotating addresses: ${voted.requests.average.toFixed(0)} req/s, p99 ${voted.latency.p99} ms`,
    );
  });
}

/** One request on a connection of its own: true when it was answered 200. */
const newVisitor = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 5_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });

/**
 * Finding 5: new visitors while one address holds `held` silent sockets and reopens each as it is cut.
 * The holder connects from 127.0.0.2, the visitors from 127.0.0.1.
 */
async function idleSockets(held = 1_000): Promise<void> {
  await withServer({}, async (server) => {
    let holding = true;
    const open = new Set<net.Socket>();
    const hold = () => {
      if (!holding) return;
      const socket = net.connect({ port: server.port, host: "127.0.0.1", localAddress: "127.0.0.2" });
      open.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        open.delete(socket);
        setTimeout(hold, 10);
      });
    };
    for (let i = 0; i < held; i++) hold();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    let served = 0;
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const ok = await newVisitor(server.port);
      if (ok) served++;
      else refused++;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    console.log(
      `new visitors while one address holds ${held} silent sockets (${open.size} open at the end): ${served} served, ${refused} refused of 200`,
    );
    holding = false;
    for (const socket of open) socket.destroy();
  });
}

export async function runUnderAttackBench(): Promise<void> {
  await cacheMemory();
  await writesUnderLoad();
  await hitsWhileVoting();
  await idleSockets();
}
