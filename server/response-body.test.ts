import http from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip } from "node:zlib";

import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { BURST_BYTES, writeBody } from "./response-body";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * An Express server with compression that answers every request with `body()` through writeBody, and
 * the sizes of the writes the response was given (each one costs compression a flush).
 */
async function serve(body: () => ReadableStream<Uint8Array>) {
  const writes: number[] = [];
  const app = express();
  app.use(compression());
  app.get("/", (_req, res, next) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
    res.write = ((chunk: Uint8Array) => {
      writes.push(chunk.byteLength);
      return write(chunk);
    }) as typeof res.write;
    writeBody(body(), res).catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, writes };
}

const text = (value: string) => new TextEncoder().encode(value);

/** Asks for gzip and calls `onText` with the text unzipped so far each time more comes. */
function fetchGzip(url: string, onText: (soFar: string) => void = () => {}) {
  return new Promise<string>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        if (res.headers["content-encoding"] !== "gzip") return reject(new Error("The answer was not compressed"));
        let soFar = "";
        const gunzip = createGunzip();
        res.pipe(gunzip);
        gunzip.on("data", (chunk: Buffer) => onText((soFar += chunk.toString())));
        gunzip.on("end", () => resolve(soFar));
        gunzip.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("a streamed answer's body", () => {
  it("sends the chunks made at once as one compressed flush, not one each", async () => {
    const parts = Array.from({ length: 30 }, (_, i) => `<p>part ${i} of a page rendered at once</p>`);
    const { url, writes } = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(text(part));
            controller.close();
          },
        }),
    );
    expect(await fetchGzip(url)).toBe(parts.join(""));
    expect(writes).toEqual([parts.join("").length]);
  });

  it("sends a part that comes later as soon as it comes, before the rest is made", async () => {
    let sendRest!: () => void;
    const { url, writes } = await serve(
      () =>
        new ReadableStream({
          async start(controller) {
            controller.enqueue(text("<main>shell"));
            controller.enqueue(text(" and its header</main>"));
            await new Promise<void>((resolve) => (sendRest = resolve));
            controller.enqueue(text("<p>the slow part</p>"));
            controller.close();
          },
        }),
    );
    // The rest is made only once the client holds the first burst: a writer that waited for the end would hang.
    const received = await fetchGzip(url, (soFar) => {
      if (soFar === "<main>shell and its header</main>") sendRest();
    });
    expect(received).toBe("<main>shell and its header</main><p>the slow part</p>");
    expect(writes).toEqual([33, 20]);
  });

  it("sends a producer that never pauses in pieces of its burst size", async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const chunks = (3 * BURST_BYTES) / chunk.byteLength;
    const { url, writes } = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < chunks; i++) controller.enqueue(chunk);
            controller.close();
          },
        }),
    );
    expect(await fetchGzip(url)).toBe("a".repeat(3 * BURST_BYTES));
    expect(writes).toEqual([BURST_BYTES, BURST_BYTES, BURST_BYTES]);
  });
});
