import autocannon from "autocannon";

import { createStoreOverHttp, signInOverHttp } from "./admin-over-http";

export interface LoadSmokeOptions {
  url: string;
  admin: { email: string; password: string };
  connections: number;
  seconds: number;
  paths: string[];
  /** One admin write every this many milliseconds while the load runs. */
  writeEveryMs: number;
}

/**
 * Public pages under `connections` concurrent connections for a fixed time, with a trickle of admin writes
 * beside them. Prints what happened; asserts nothing.
 */
export async function runLoadSmoke(options: LoadSmokeOptions): Promise<void> {
  const cookie = await signInOverHttp(options.url, options.admin);
  const writes = { ok: 0, failed: 0 };
  let running = true;
  const trickle = (async () => {
    for (let i = 0; running; i++) {
      const ok = await createStoreOverHttp(options.url, cookie, `Load smoke ${Date.now()}-${i}`).catch(() => false);
      writes[ok ? "ok" : "failed"]++;
      await new Promise((resolve) => setTimeout(resolve, options.writeEveryMs));
    }
  })();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: options.paths.map((path) => ({ path })),
  });
  running = false;
  await trickle;
  console.log(
    `load smoke: ${options.connections} connections for ${options.seconds} s over ${options.paths.join(", ")}\n` +
      `  ${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), ${result.non2xx} non-2xx, ` +
      `${result.errors} errors, ${result.timeouts} timeouts; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n` +
      `  admin writes beside it: ${writes.ok} acknowledged, ${writes.failed} failed`,
  );
}
