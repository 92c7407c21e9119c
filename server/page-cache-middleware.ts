import type { IncomingMessage, ServerResponse } from "node:http";

import type express from "express";

import { isAdminPath, routerPath } from "#app/lib/admin-paths";
import { CONSENT_COOKIE, readCookie } from "#app/lib/cookies";
import { readsOnlyPageParams } from "#app/lib/page-query";

import { type CachedPage, cachedPage, type PageCache, PUBLIC_CACHE_CONTROL } from "./page-cache";

// The page cache at the edge: a hit is answered straight from Node's request event, before Express, React
// Router, the body limits and the session lookup run (`serveHit`); a miss renders as usual and the answer
// is kept when it may be (`serve` and `keep`). Both are logged. One render per page runs at a time: while
// it does, other visitors of that page get the stale copy, or, when there is none, wait for the render.

/** Cookies that make a page personal: a session (better-auth's `<prefix>.session_token`) or a pending toast. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:dealdash\.session_\w+|dealdash_toast)\s*(?:[=;]|$)/;
const PRIVATE = "private, no-store";
/**
 * Answers that are never kept, whatever they say: the admin's sign-in, click-outs, resources that count or
 * reveal, the pages a message's link opens for one reader (a newsletter or alert confirmation, an alert's
 * own page), a preview link (its page carries a `preview` query, which no cached page reads), and React
 * Router's route manifest, which browsers keep for good (`immutable`, versioned by its
 * URL): kept here it would carry the pages' max-age=0 and be fetched again on every link discovery.
 */
const NEVER_CACHED =
  /^\/(?:admin|go|api|healthz|cookie-consent|__manifest|preview|newsletter\/confirm|alerts\/(?:confirm|manage))(?:\/|\.data|$)|^\/coupons\/[^/]+\/code/;

interface PendingPage {
  key: string;
  shared: boolean;
  generation: number;
}

/**
 * The cache key of an anonymous GET/HEAD that may be cached, or null. `url` is the request's URL as sent
 * (Express's `originalUrl`).
 */
function cacheKeyOf(req: IncomingMessage, url: string): { key: string; shared: boolean } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const queryStart = url.indexOf("?");
  // Judged as the router reads the path: `/ADMIN/LOGIN` and `/alerts/%6danage` are the pages they spell.
  if (NEVER_CACHED.test(routerPath(queryStart === -1 ? url : url.slice(0, queryStart)))) return null;
  if (queryStart !== -1 && !readsOnlyPageParams(url.slice(queryStart + 1))) return null;
  const cookies = req.headers.cookie ?? "";
  if (PERSONAL_COOKIE.test(cookies)) return null;
  // The cookie banner is left out for visitors who chose: that page is theirs alone (a shared cache may
  // keep only the page with the banner, which hides itself in a browser that chose). Read as the page reads it.
  const chose = readCookie(cookies, CONSENT_COOKIE) !== null;
  return { key: `${chose ? "chose" : "new"} ${url}`, shared: !chose };
}

type CacheState = "hit" | "miss" | "stale";

function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, shared: boolean, state: CacheState) {
  res.statusCode = page.status;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", shared ? PUBLIC_CACHE_CONTROL : "private, max-age=0");
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  res.setHeader("Vary", "Accept-Encoding");
  const known = req.headers["if-none-match"]?.split(",").map((tag) => tag.trim());
  if (known?.includes(page.etag) || known?.includes("*")) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip ? page.gzip : page.body;
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export interface HitServing {
  /** Headers every answer carries (static files and rendered pages get them from Express). */
  securityHeaders: Record<string, string>;
  /** The access log line of an answered hit. */
  logHit(req: IncomingMessage, status: number, milliseconds: number): void;
}

/** A render of a page other requests for it wait on: settled once its answer is kept, or is not. */
interface Render {
  key: string;
  done: Promise<void>;
  /** Set by `keep` when the answer is being kept. */
  keeping?: Promise<void>;
}

export function pageCacheMiddleware(cache: PageCache, hits: HitServing) {
  /** Renders under way, by cache key, and the request leading each. */
  const renders = new Map<string, Render>();
  const leading = new WeakMap<IncomingMessage, Render>();

  function answerFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    shared: boolean,
    state: CacheState,
  ) {
    const started = performance.now();
    for (const [name, value] of Object.entries(hits.securityHeaders)) res.setHeader(name, value);
    sendPage(req, res, page, shared, state);
    hits.logHit(req, res.statusCode, performance.now() - started);
  }

  /** Makes this request the one that renders `key`; the others wait for it until its answer is sent and kept (or not). */
  function lead(req: IncomingMessage, res: ServerResponse, key: string): void {
    let settle!: () => void;
    const render: Render = { key, done: new Promise<void>((resolve) => (settle = resolve)) };
    renders.set(key, render);
    leading.set(req, render);
    res.once("close", () => {
      void (render.keeping ?? Promise.resolve()).finally(() => {
        // The answer could not be kept (an error, a cookie, a 404 now): its stale copy must not stand in again.
        if (!render.keeping) cache.forget(key);
        if (renders.get(key) === render) renders.delete(key);
        settle();
      });
    });
  }

  /**
   * Answers a request from the page cache and returns true, or returns false for the app to handle it
   * (`render` is how the app is asked later, once a render under way for the same page is done). A page is
   * kept under the URL it was rendered for, which passed the app's URL checks, so a URL that matches a
   * key needs no checking again.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
    const cacheable = cache.enabled && req.url ? cacheKeyOf(req, req.url) : null;
    if (!cacheable) return false;
    const { key, shared } = cacheable;
    const found = cache.get(key);
    if (found?.fresh) {
      answerFromCache(req, res, found.page, shared, "hit");
      return true;
    }
    const underway = renders.get(key);
    if (!underway) {
      lead(req, res, key);
      return false;
    }
    if (found) {
      answerFromCache(req, res, found.page, shared, "stale");
      return true;
    }
    void underway.done.then(() => {
      // Nothing is kept for this page (a 404, a cookie): every waiter renders, side by side, as usual.
      if (!underway.keeping) return render();
      if (!serveHit(req, res, render)) render();
    });
    return true;
  }

  /** Marks a miss for `keep`; makes personal and admin answers private. */
  const serve: express.RequestHandler = (req, res, next) => {
    const cacheable = cache.enabled ? cacheKeyOf(req, req.originalUrl) : null;
    if (!cacheable) {
      if (isAdminPath(req.path) || PERSONAL_COOKIE.test(req.headers.cookie ?? ""))
        res.setHeader("Cache-Control", PRIVATE);
      return next();
    }
    res.locals.pendingPage = { ...cacheable, generation: cache.generation } satisfies PendingPage;
    next();
  };

  /**
   * Sends a rendered answer from the cache's copy when it may be kept (a full 200 that sets no cookie and
   * does not ask to stay private), and keeps it. Returns false when the caller should send it as usual.
   */
  async function keep(req: express.Request, res: express.Response, response: Response): Promise<boolean> {
    const pending = res.locals.pendingPage as PendingPage | undefined;
    if (!pending || req.method !== "GET" || response.status !== 200 || !response.body) return false;
    if (response.headers.has("set-cookie") || /private|no-store/.test(response.headers.get("cache-control") ?? ""))
      return false;
    const page = cachedPage(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
    const kept = cache.set(pending.key, page, pending.generation);
    const render = leading.get(req);
    if (render?.key === pending.key) render.keeping = kept;
    sendPage(req, res, page, pending.shared, "miss");
    return true;
  }

  return { serveHit, serve, keep };
}
