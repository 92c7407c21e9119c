import http from "node:http";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SOCKET_LIMITS } from "../../server/web-server";
import { type InProcessApp, startInProcessApp } from "../support/in-process-server";

// One client holding many silent sockets (and reopening each as it is cut) must not shut other visitors
// out: each address gets at most SOCKET_LIMITS.maxConnectionsPerAddress, well below the process's cap.
// The holder connects from 127.0.0.2, other visitors from 127.0.0.1.

let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(() => app.close());

/** Opens `count` sockets from `localAddress` that send nothing; resolves with them and how many the server cut. */
async function holdSockets(url: string, count: number, localAddress: string) {
  const { port } = new URL(url);
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect({ port: Number(port), host: "127.0.0.1", localAddress }, () => resolve(socket));
          socket.on("error", () => undefined);
        }),
    ),
  );
  let cut = 0;
  for (const socket of sockets) socket.once("close", () => cut++);
  return { sockets, cut: () => cut, release: () => sockets.forEach((socket) => socket.destroy()) };
}

/** A request on a connection of its own, from `localAddress`: its status, or "refused". */
const visit = (url: string, localAddress: string) =>
  new Promise<number | "refused">((resolve) => {
    const request = http.get(`${url}/healthz`, { agent: false, localAddress }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", () => resolve("refused"));
  });

describe("sockets per address", () => {
  it("cut an address's sockets beyond its share, while other visitors are served", async () => {
    const url = await app.listen();
    const held = await holdSockets(url, SOCKET_LIMITS.maxConnectionsPerAddress + 50, "127.0.0.2");
    try {
      await expect.poll(held.cut).toBe(50);
      expect(await visit(url, "127.0.0.1")).toBe(200);
      expect(await visit(url, "127.0.0.2")).toBe("refused");
    } finally {
      held.release();
    }
    // Once the holder lets go, it is served again.
    await expect.poll(() => visit(url, "127.0.0.2")).toBe(200);
  });

  it("leave a trusted proxy's address unlimited: it speaks for many visitors", async () => {
    const url = await app.listen({ trustProxy: ["127.0.0.2"] });
    const held = await holdSockets(url, SOCKET_LIMITS.maxConnectionsPerAddress + 50, "127.0.0.2");
    try {
      expect(await visit(url, "127.0.0.2")).toBe(200);
      expect(held.cut()).toBe(0);
    } finally {
      held.release();
    }
  });
});
