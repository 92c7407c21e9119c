import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type InProcessApp, startInProcessApp } from "../support/in-process-server";

// Which address the per-address limits see: the socket's unless TRUST_PROXY names the proxy in front.

let app: InProcessApp;
let direct: string;
let behindLoopbackProxy: string;

beforeAll(async () => {
  app = await startInProcessApp();
  direct = await app.listen({ trustProxy: false });
  behindLoopbackProxy = await app.listen({ trustProxy: ["loopback"] });
});
afterAll(() => app?.close());

const subscribe = (base: string, email: string, forwardedFor?: string) =>
  fetch(`${base}/newsletter`, {
    method: "POST",
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    body: new URLSearchParams({ email }),
  });

describe("client addresses", () => {
  it("ignores X-Forwarded-For by default, so rotating it cannot walk around a limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await subscribe(direct, `direct${i}@example.com`, `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("reads X-Forwarded-For from a proxy that TRUST_PROXY names", async () => {
    for (let i = 0; i < 11; i++) {
      expect((await subscribe(behindLoopbackProxy, `proxied${i}@example.com`, `198.51.100.${i}`)).status).toBe(200);
    }
    // One visitor behind the proxy is still limited.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await subscribe(behindLoopbackProxy, `same${i}@example.com`, "192.0.2.7")).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers a new and an existing newsletter address the same way", async () => {
    const first = await subscribe(behindLoopbackProxy, "twice@example.com", "192.0.2.50");
    const again = await subscribe(behindLoopbackProxy, "twice@example.com", "192.0.2.51");
    const text = async (response: Response) => (await response.text()).replace(/nonce="[^"]+"|nonce-[^']+/g, "");
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await text(again)).toBe(await text(first));
  });
});
