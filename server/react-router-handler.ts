import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bufferedBody } from "./request-body";

// React Router behind Express. Unlike @react-router/express, the Request's body is the one already read
// (and size-checked) by request-body.ts, so no route can read past the limit.

function requestHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The request's URL; a Host header that is not a host name falls back to localhost. */
function requestUrl(req: express.Request): URL {
  const host = req.host && /^[a-z0-9.\-:[\]]+$/i.test(req.host) ? req.host : "localhost";
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : (bufferedBody(req) ?? Buffer.alloc(0));
  return new Request(requestUrl(req), { method: req.method, headers: requestHeaders(req), body, signal: controller.signal });
}

async function sendResponse(res: express.Response, response: Response, startedAt: number): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  // Loaders and the page's first render, in the browser's network panel and the benchmark (no detail leaks).
  res.append("Server-Timing", `app;dur=${(performance.now() - startedAt).toFixed(1)}`);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export function reactRouterHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (req: express.Request) => AppLoadContext,
): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    const startedAt = performance.now();
    try {
      await sendResponse(res, await handle(toFetchRequest(req, res), loadContext(req)), startedAt);
    } catch (error) {
      next(error);
    }
  };
}
