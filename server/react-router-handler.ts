import type express from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";

import { bufferedBody } from "./request-body";
import { writeBody } from "./response-body";

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
  return new Request(requestUrl(req), {
    method: req.method,
    headers: requestHeaders(req),
    body,
    signal: controller.signal,
  });
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  // The route's headers replace defaults set earlier (Cache-Control); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** Sends the answer itself (the page cache keeps and sends it) and returns true, or leaves it and returns false. */
export type ResponseTaker = (req: express.Request, res: express.Response, response: Response) => Promise<boolean>;

export function reactRouterHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (req: express.Request) => AppLoadContext,
  take?: ResponseTaker,
): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    const startedAt = performance.now();
    try {
      const response = await handle(toFetchRequest(req, res), loadContext(req));
      // Loaders and the page's first render, in the browser's network panel and the benchmark (no detail leaks).
      if (!res.headersSent) res.setHeader("Server-Timing", `app;dur=${(performance.now() - startedAt).toFixed(1)}`);
      if (take && !res.destroyed && (await take(req, res, response))) return;
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
