import autocannon from "autocannon";
import http from "node:http";
import type { AddressInfo } from "node:net";

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
    requests: [{ setupRequest: (request) => ({ ...request, path: unique ? `${path}${path.includes("?") ? "&" : "?"}bench=${n++}` : path }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** A server that answers every request with this body and these headers, and nothing else. */
async function bareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;

export async function runSideBySide(options: SideBySideOptions): Promise<void> {
  console.log(`\nside by side: ${options.connections} connections, ${options.seconds} s per run, the app against a bare node:http server sending the same bytes`);
  console.log(row(["page", "KiB", "served", "app req/s", "bare req/s", "ratio", "app p50 ms", "app p99 ms", "errors"]));
  console.log(row(["---", "---", "---", "---", "---", "---", "---", "---", "---"]));
  for (const path of options.paths) {
    const response = await fetch(options.url + path, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!["content-length", "connection", "keep-alive", "date", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    const bare = await bareServer(body, headers);
    try {
      for (const [served, unique] of [["cache hit", false], ["rendered", true]] as const) {
        const app = await load(options.url, path, options, unique);
        const baseline = await load(bare.url, path, options);
        console.log(
          row([path, (body.length / 1024).toFixed(0), served, app.rps.toFixed(0), baseline.rps.toFixed(0), (app.rps / baseline.rps).toFixed(3), app.p50, app.p99, app.errors]),
        );
      }
    } finally {
      await bare.close();
    }
  }
}
