import type express from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAdminPath, routerPath } from "#app/lib/admin-paths";
import { CONSENT_COOKIE, readCookie } from "#app/lib/cookies";
import { cachedPage, PUBLIC_CACHE_CONTROL, type CachedPage, type PageCache } from "./page-cache";

// The page cache at the edge: a hit is answered straight from Node's request event, before Express, React
// Router, the body limits and the session lookup run (`serveHit`); a miss renders as usual and the answer
// is kept when it may be (`serve` and `keep`). Both are logged.

/** Cookies that make a page personal: a session (better-auth's `<prefix>.session_token`) or a pending toast. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:dealdash\.session_\w+|dealdash_toast)\s*(?:[=;]|$)/;
const PRIVATE = "private, no-store";
/**
 * Answers that are never kept, whatever they say: the admin's sign-in, click-outs, resources that count or
 * reveal, a newsletter or alert confirmation (its GET subscribes), an alert's own page, and React Router's route manifest, which browsers keep for good (`immutable`, versioned by its
 * URL): kept here it would carry the pages' max-age=0 and be fetched again on every link discovery.
 */
const NEVER_CACHED = /^\/(?:admin|go|api|healthz|cookie-consent|__manifest|newsletter\/confirm|alerts\/(?:confirm|manage))(?:\/|\.data|$)|^\/coupons\/[^/]+\/code/;

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
  // Judged as the router reads the path: `/ADMIN/LOGIN` and `/alerts/%6danage` are the pages they spell.
  if (NEVER_CACHED.test(routerPath(url.split("?")[0]!))) return null;
  const cookies = req.headers.cookie ?? "";
  if (PERSONAL_COOKIE.test(cookies)) return null;
  // The cookie banner is left out for visitors who chose: that page is theirs alone (a shared cache may
  // keep only the page with the banner, which hides itself in a browser that chose). Read as the page reads it.
  const chose = readCookie(cookies, CONSENT_COOKIE) !== null;
  return { key: `${chose ? "chose" : "new"} ${url}`, shared: !chose };
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage | Omit<CachedPage, "expiresAt">, shared: boolean, state: "hit" | "miss") {
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

export function pageCacheMiddleware(cache: PageCache, hits: HitServing) {
  /**
   * Answers a kept page from Node's request event and returns true, or returns false for the app to
   * handle the request. A page is kept under the URL it was rendered for, which passed the app's URL
   * checks, so a URL that matches a key needs no checking again.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const cacheable = cache.enabled && req.url ? cacheKeyOf(req, req.url) : null;
    const page = cacheable && cache.get(cacheable.key);
    if (!cacheable || !page) return false;
    const started = performance.now();
    for (const [name, value] of Object.entries(hits.securityHeaders)) res.setHeader(name, value);
    sendPage(req, res, page, cacheable.shared, "hit");
    hits.logHit(req, res.statusCode, performance.now() - started);
    return true;
  }

  /** Marks a miss for `keep`; makes personal and admin answers private. */
  const serve: express.RequestHandler = (req, res, next) => {
    const cacheable = cache.enabled ? cacheKeyOf(req, req.originalUrl) : null;
    if (!cacheable) {
      if (isAdminPath(req.path) || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) res.setHeader("Cache-Control", PRIVATE);
      // An admin write changes content: forget pages now, before other processes hear the database's NOTIFY.
      if (req.method !== "GET" && req.method !== "HEAD" && isAdminPath(req.path)) res.on("finish", () => cache.invalidate("own-write"));
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
    if (response.headers.has("set-cookie") || /private|no-store/.test(response.headers.get("cache-control") ?? "")) return false;
    const page = cachedPage(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
    void cache.set(pending.key, page, pending.generation);
    sendPage(req, res, page, pending.shared, "miss");
    return true;
  }

  return { serveHit, serve, keep };
}
