import type express from "express";
import { isAdminPath } from "#app/lib/admin-paths";
import { CONSENT_COOKIE } from "#app/lib/cookies";
import { cachedPage, PUBLIC_CACHE_CONTROL, type CachedPage, type PageCache } from "./page-cache";

// The page cache at the edge: a hit is answered before React Router (and before the body limits and the
// session lookup) run; a miss renders as usual and the answer is kept when it may be. Access logging
// (mounted earlier) sees both.

/** Cookies that make a page personal: a session (better-auth's `<prefix>.session_token`) or a pending toast. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:dealdash\.session_\w+|dealdash_toast)=/;
const CHOSE_ABOUT_COOKIES = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=`);
const PRIVATE = "private, no-store";
/** Answers that are never kept, whatever they say: the admin's sign-in, click-outs, resources that count or reveal. */
const NEVER_CACHED = /^\/(?:admin|go|api|healthz|cookie-consent)(?:\/|\.data|$)|^\/coupons\/[^/]+\/code/;

interface PendingPage {
  key: string;
  shared: boolean;
  generation: number;
}

/** The cache key of an anonymous GET/HEAD that may be cached, or null. */
function cacheKeyOf(req: express.Request): { key: string; shared: boolean } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (NEVER_CACHED.test(req.path)) return null;
  const cookies = req.headers.cookie ?? "";
  if (PERSONAL_COOKIE.test(cookies)) return null;
  // The cookie banner is left out for visitors who chose: that page is theirs alone (a shared cache may
  // keep only the page with the banner, which hides itself in a browser that chose).
  const chose = CHOSE_ABOUT_COOKIES.test(cookies);
  return { key: `${chose ? "chose" : "new"} ${req.originalUrl}`, shared: !chose };
}

function sendPage(req: express.Request, res: express.Response, page: CachedPage | Omit<CachedPage, "expiresAt">, shared: boolean, state: "hit" | "miss") {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", shared ? PUBLIC_CACHE_CONTROL : "private, max-age=0");
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  const known = req.headers["if-none-match"]?.split(",").map((tag) => tag.trim());
  if (known?.includes(page.etag) || known?.includes("*")) {
    res.status(304).end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip ? page.gzip : page.body;
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function pageCacheMiddleware(cache: PageCache) {
  /** Answers a hit; marks a miss for `keep`; makes personal and admin answers private. */
  const serve: express.RequestHandler = (req, res, next) => {
    const cacheable = cache.enabled ? cacheKeyOf(req) : null;
    if (!cacheable) {
      if (isAdminPath(req.path) || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) res.setHeader("Cache-Control", PRIVATE);
      // An admin write changes content: forget pages now, before other processes hear the database's NOTIFY.
      if (req.method !== "GET" && req.method !== "HEAD" && isAdminPath(req.path)) res.on("finish", () => cache.invalidate());
      return next();
    }
    const page = cache.get(cacheable.key);
    if (page) return sendPage(req, res, page, cacheable.shared, "hit");
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

  return { serve, keep };
}
