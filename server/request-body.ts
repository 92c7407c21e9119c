import type { IncomingMessage } from "node:http";

import type express from "express";

// Request bodies are read here, once, before any route sees them, and never beyond a size limit: an
// oversized body is answered 413 at once, and the rest of it is never buffered.

export const DEFAULT_BODY_LIMIT = 256 * 1024;

/**
 * Routes that need more than the default. A buying guide's content may hold 200,000 characters of HTML,
 * which URL-encoding can triple, the gift form carries a long description and image lists, and a CSV
 * import (which the browser gzips) may hold a million deals.
 */
const LARGER_LIMITS: Array<[RegExp, number]> = [
  [/^\/admin\/[a-z-]+\/csv$/, 64 * 1024 * 1024],
  [/^\/admin\/buying-guides\/(add|edit\/[^/]+)(\.data)?$/, 2 * 1024 * 1024],
  [/^\/admin\/gift-ideas\/(add|edit\/[^/]+)(\.data)?$/, 512 * 1024],
];

export function bodyLimitFor(path: string): number {
  return LARGER_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_BODY_LIMIT;
}

const bodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

/** The body read by `readBodyWithinLimit`, or undefined for a request without one. */
export function bufferedBody(req: IncomingMessage): Buffer<ArrayBuffer> | undefined {
  return bodies.get(req);
}

/** How long a client may go on sending a body nobody will read before its connection is closed. */
const LINGER_MS = 2_000;

/**
 * Discards what the client is still sending after an early answer. Closing at once would make many clients
 * see a reset instead of the answer; reading on without keeping anything lets them see it. A client that
 * does not stop within two seconds is cut off.
 */
function discardRestOfBody(req: IncomingMessage): void {
  const timer = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, LINGER_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/** Hands the route an empty body: used when a request is refused before its body is worth reading. */
export function skipBody(req: IncomingMessage): void {
  bodies.set(req, Buffer.alloc(0));
  discardRestOfBody(req);
}

function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function tooLarge(req: IncomingMessage, res: express.Response, limit: number) {
  res
    .status(413)
    .type("text/plain")
    .send(`Request body too large (the limit is ${Math.round(limit / 1024)} KB)`);
  discardRestOfBody(req);
}

/** Buffers the request body up to the route's limit; answers 413 past it. */
export const readBodyWithinLimit: express.RequestHandler = (req, res, next) => {
  if (bodies.has(req) || !hasBody(req)) return next();
  const limit = bodyLimitFor(req.path);
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return tooLarge(req, res, limit);

  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      stop();
      return tooLarge(req, res, limit);
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    stop();
    bodies.set(req, Buffer.concat(chunks, size));
    next();
  };
  // A client that hangs up mid-body has nobody left to answer.
  const onError = () => stop();
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onError);
};
