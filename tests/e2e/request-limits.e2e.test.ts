import fs from "node:fs";
import http from "node:http";
import net from "node:net";

import { describe, expect, it } from "vitest";

import { baseUrl, serverPid } from "./support/browser";

// Limits at the HTTP edge of the production server: request bodies, slow and idle sockets, and the
// headers every answer carries, static files included.

const MB = 1024 * 1024;

function serverRssMb(): number {
  const status = fs.readFileSync(`/proc/${serverPid()}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

/**
 * Posts `size` bytes from one reused 64 KB chunk (so this process holds no big buffer), declaring the
 * length or sending it chunked. Resolves with the status, or "closed" if the server hung up first.
 */
function bigPost(path: string, size: number, options: { chunked?: boolean; headers?: Record<string, string> } = {}) {
  return new Promise<number | "closed">((resolve) => {
    const { hostname, port } = new URL(baseUrl());
    const request = http.request({
      hostname,
      port,
      path,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(options.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) }),
        ...options.headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let settled = false;
    const settle = (outcome: number | "closed") => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(outcome);
    };
    request.on("response", (response) => {
      response.resume();
      settle(response.statusCode ?? 0);
    });
    request.on("error", () => settle("closed"));
    const pump = () => {
      while (sent < size && !settled) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!settled) request.end();
    };
    pump();
  });
}

/** Resolves with whether the server closed a socket that sent `bytes` and then nothing, before we gave up. */
function closedByServer(bytes: string, giveUpMs: number) {
  return new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(baseUrl());
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, giveUpMs);
    socket.on("data", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.on("error", () => undefined);
  });
}

describe("request bodies", () => {
  it("answers 413 to a body past the limit, declared or chunked, without reading it", async () => {
    expect(await bigPost("/contact", 300 * 1024)).toBe(413);
    expect(await bigPost("/contact", 200 * MB)).toBe(413);
    expect(await bigPost("/contact", 5 * MB, { chunked: true })).toBe(413);
  });

  it("still takes an ordinary form post", async () => {
    const response = await fetch(`${baseUrl()}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada", email: "ada@example.com", message: "A message of a normal size." }),
    });
    expect(response.status).toBe(200);
  });

  it("keeps memory flat under ten concurrent 50 MB posts, to public and admin URLs", async () => {
    const before = serverRssMb();
    const targets = ["/contact", "/newsletter", "/admin/deals.data", "/admin/stores/add.data", "/admin/deals/add"];
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => bigPost(targets[i % targets.length]!, 50 * MB, { chunked: i % 2 === 1 })),
    );
    for (const outcome of outcomes) expect([401, 413, "closed"]).toContain(outcome);
    // Memory the refused posts touched may take a moment to be handed back.
    await expect.poll(() => serverRssMb() - before, { timeout: 30_000 }).toBeLessThan(50);
    console.log(`server RSS before ${before.toFixed(0)} MiB, after ten 50 MB posts ${serverRssMb().toFixed(0)} MiB`);
  });

  it("checks the session before reading an admin body: a stranger's client-side post gets 401", async () => {
    const response = await fetch(`${baseUrl()}/admin/deals.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(response.status).toBe(401);
    expect(await bigPost("/admin/settings/amazon", 1 * MB)).toBe(401);
  });
});

describe("sockets", () => {
  it("closes a connection whose headers trickle in, and an idle one, instead of holding them", async () => {
    // The server's limits are 10 s; a minute leaves room for a busy machine yet is far from "never".
    const closed = await Promise.all([
      closedByServer("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", 60_000),
      closedByServer("", 60_000),
    ]);
    expect(closed).toEqual([true, true]);
  });
});

describe("headers on every answer", () => {
  it("sends nosniff and framing protection with static files too", async () => {
    for (const path of ["/favicon.svg", "/robots.txt", "/"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});
