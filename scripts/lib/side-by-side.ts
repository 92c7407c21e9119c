import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

// Throughput means something only next to a baseline measured in the same run on the same machine: each
// page is loaded from the app (served from its page cache, then rendered every time) and from a bare
// node:http server sending the very same bytes and headers, one after the other.

export interface SideBySideOptions {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, path: string, options: SideBySideOptions, unique = false): Promise<Run> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    // A query parameter the page ignores makes every request a cache miss: a full render.
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: unique ? `${path}${path.includes("?") ? "&" : "?"}bench=${n++}` : path,
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A server that answers every request with this body and these headers, and nothing else. It runs in a
 * process of its own, as the app does, so neither shares a thread with the load generator.
 */
async function bareServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-bare-"));
  fs.writeFileSync(path.join(dir, "body"), body);
  fs.writeFileSync(path.join(dir, "headers.json"), JSON.stringify({ ...headers, "content-length": body.length }));
  const child = spawn(process.execPath, ["-e", BARE_SERVER, dir], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`the bare server stopped (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const BARE_SERVER = `
const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
const dir = process.argv[1];
const body = fs.readFileSync(path.join(dir, "body"));
const headers = JSON.parse(fs.readFileSync(path.join(dir, "headers.json"), "utf8"));
const server = http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;

export async function runSideBySide(options: SideBySideOptions): Promise<void> {
  console.log(
    `\nside by side: ${options.connections} connections, ${options.seconds} s per run, the app against a bare node:http server sending the same bytes`,
  );
  console.log(row(["page", "KiB", "served", "app req/s", "bare req/s", "ratio", "app p50 ms", "app p99 ms", "errors"]));
  console.log(row(["---", "---", "---", "---", "---", "---", "---", "---", "---"]));
  for (const path of options.paths) {
    const response = await fetch(options.url + path, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!["content-length", "connection", "keep-alive", "date", "transfer-encoding"].includes(name))
        headers[name] = value;
    });
    const bare = await bareServer(body, headers);
    try {
      for (const [served, unique] of [
        ["cache hit", false],
        ["rendered", true],
      ] as const) {
        const app = await load(options.url, path, options, unique);
        const baseline = await load(bare.url, path, options);
        console.log(
          row([
            path,
            (body.length / 1024).toFixed(0),
            served,
            app.rps.toFixed(0),
            baseline.rps.toFixed(0),
            (app.rps / baseline.rps).toFixed(3),
            app.p50,
            app.p99,
            app.errors,
          ]),
        );
      }
    } finally {
      await bare.close();
    }
  }
}
