import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import { auth, hasAdminSession } from "~/auth.server";
import { startPriceRefreshScheduler } from "~/modules/amazon/price-refresh-scheduler.server";
import { ensureFirstAdmin } from "~/modules/users/users.server";
import { prepareDatabase, setDatabase, getDatabaseHandle, targetFromEnv } from "~/db/database.server";
import { getEnv } from "~/env.server";
import { logger } from "~/logger.server";
import "~/load-context";
import { isSameOriginWrite } from "~/lib/same-origin";
import { baseSecurityHeaders } from "~/security-headers.server";

// The server bundle's entry (see vite.config.ts): everything that shares the app's module graph
// (database handle, logger, environment) is reached through these exports.

export { getEnv, logger };

let stopScheduler: (() => void) | undefined;

/** Opens the database, migrates it and loads demo content when it is new; starts background jobs. */
export async function startDatabase(): Promise<void> {
  if (getDatabaseHandle()) return;
  const env = getEnv();
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  setDatabase(handle);
  logger.info({ driver: handle.driver }, "database ready");
  if (env.DATABASE_URL && !env.APP_SECRET) {
    logger.warn("APP_SECRET is not set: it was generated into DATA_DIR. Set it when several processes share the database.");
  }
  stopScheduler = startPriceRefreshScheduler(handle.db, env);
  const firstAdmin = await ensureFirstAdmin(handle.db, auth(), env);
  if (firstAdmin.kind === "created") logger.info({ email: firstAdmin.email }, "created the first admin from ADMIN_EMAIL");
  if (firstAdmin.kind === "setup-link") {
    logger.warn(`No admin account yet. Create the first one at ${env.PUBLIC_URL}/admin/setup?token=${firstAdmin.token}`);
  }
}

export async function stopDatabase(): Promise<void> {
  stopScheduler?.();
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}

/** CSRF: a browser's cross-site POST/PUT/PATCH/DELETE carries a foreign Origin (or Sec-Fetch-Site); refuse it. */
const rejectCrossOriginWrites: express.RequestHandler = (req, res, next) => {
  const allowed = isSameOriginWrite({
    method: req.method,
    origin: req.get("origin"),
    fetchSite: req.get("sec-fetch-site"),
    host: req.get("host"),
    protocol: req.protocol,
    publicUrl: getEnv().PUBLIC_URL,
  });
  if (allowed) return next();
  logger.warn({ method: req.method, path: req.path, origin: req.get("origin") }, "cross-origin write refused");
  res.status(403).type("text/plain").send("Cross-origin request refused");
};

const OPEN_ADMIN_PATHS = new Set(["/admin/login", "/admin/setup"]);

/**
 * Defence in depth: a form post to any admin URL needs a session before React Router sees it, so a route
 * without an action (or one that forgot its check) still answers 401 to strangers. Client-side
 * submissions (`*.data`) pass through: React Router must encode their answer, and every admin action
 * calls requireAdmin, which answers them 401 in that encoding.
 */
const requireSessionForAdminWrites: express.RequestHandler = (req, res, next) => {
  const path = req.path;
  const adminPath = path === "/admin" || path.startsWith("/admin/");
  const passThrough = !adminPath || OPEN_ADMIN_PATHS.has(path) || path.endsWith(".data");
  if (req.method === "GET" || req.method === "HEAD" || passThrough) return next();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  hasAdminSession(headers).then(
    (signedIn) => (signedIn ? next() : res.status(401).type("text/plain").send("Your session has ended. Please sign in again.")),
    next,
  );
};

export const app = express.Router();

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    // Method, path and status only: headers carry cookies, and query strings can carry emails.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split("?")[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  }),
);
app.use((_req, res, next) => {
  res.set(baseSecurityHeaders(getEnv()));
  next();
});
app.use(rejectCrossOriginWrites);
app.use(requireSessionForAdminWrites);
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
  }),
);
