import "react-router";

import express from "express";
import { pinoHttp } from "pino-http";
import * as build from "virtual:react-router/server-build";

import type { DatabaseHandle } from "#app/db/client.server";
import { CONTENT_CHANNEL } from "#app/db/content-change-notice.server";
import { getDatabaseHandle, prepareDatabase, setDatabase, targetFromEnv } from "#app/db/database.server";
import { isAdminPath } from "#app/lib/admin-paths";
import { cleanRequestUrl } from "#app/lib/request-url";
import { isSameOriginWrite } from "#app/lib/same-origin";
import { configuredAmazonClient } from "#app/modules/amazon/amazon-service.server";
import { refreshDealPrice } from "#app/modules/amazon/price-refresh.server";
import { backUp, defaultBackupFolder } from "#app/modules/backups/backup.server";
import { readBackupSettings } from "#app/modules/backups/backup-schedule.server";
import { sealedSecretsWarning } from "#app/modules/backups/sealed-secrets.server";
import { nextContentChange } from "#app/modules/catalogue/next-content-change.server";
import { prepareJobQueue, startJobQueue } from "#app/modules/jobs/job-queue.server";
import { applySiteFormats } from "#app/modules/site-settings/site-formats.server";
import { mayAccess, NO_ACCESS } from "#app/modules/users/admin-access";
import { roleOf } from "#app/modules/users/roles";
import { ensureFirstAdmin } from "#app/modules/users/users.server";
import { appSecret } from "#app/platform/app-secret.server";
import { auth, sessionRoleOf } from "#app/platform/auth.server";
import { contentChanges } from "#app/platform/content-changes.server";
import { type Env, getEnv } from "#app/platform/env.server";
import type { AppServices } from "#app/platform/load-context";
import { logger, serializeError } from "#app/platform/logger.server";
import { baseSecurityHeaders } from "#app/platform/security-headers.server";

import { backgroundJobs } from "./background-jobs";
import { PageCache } from "./page-cache";
import { pageCacheMiddleware } from "./page-cache-middleware";
import { reactRouterHandler } from "./react-router-handler";
import { readBodyWithinLimit, skipBody } from "./request-body";

// The server bundle's entry (see vite.config.ts): everything that shares the app's module graph
// (database handle, logger, environment) is reached through these exports.

export { getEnv, logger };
/** The route table, for tests that walk every route (the form fuzz). */
export { build as serverBuild };

let services: AppServices | undefined;

/** Anonymous visitors' pages, forgotten when the content-change bus says content changed. */
export const pageCache = new PageCache({
  maxBytes: getEnv().PAGE_CACHE_MB * 1024 * 1024,
  nextChangeAt: () => contentChanges.nextChangeAt(),
});
contentChanges.subscribe(() => pageCache.invalidate());
const cacheAtEdge = pageCacheMiddleware(pageCache, {
  securityHeaders: baseSecurityHeaders(getEnv()),
  // The line pino-http writes for the app's other answers.
  logHit: (req, status, milliseconds) =>
    logger.info(
      {
        req: { method: req.method, path: req.url?.split("?")[0] },
        res: { status },
        responseTime: Math.round(milliseconds),
      },
      "request completed",
    ),
});
/** Answers a request from the page cache, before Express runs; false when the app must answer it. */
export const serveCachedPage = cacheAtEdge.serveHit;

/**
 * Forgets all that was kept from the database (pages, stale ones too, and reads), as a new process has
 * nothing: for tests that share one app between files and put its rows back between them.
 */
export function forgetWhatWasKept(): void {
  pageCache.clear();
  contentChanges.changed();
}

/** Creates the first admin from ADMIN_EMAIL, or logs a setup link, when there is no admin yet. */
async function announceFirstAdmin(handle: DatabaseHandle, env: Env): Promise<void> {
  const firstAdmin = await ensureFirstAdmin(handle.db, auth, env);
  if (firstAdmin.kind === "created")
    logger.info({ email: firstAdmin.email }, "created the first admin from ADMIN_EMAIL");
  if (firstAdmin.kind === "setup-link") {
    logger.warn(
      `No admin account yet. Create the first one at ${env.PUBLIC_URL}/admin/setup?token=${firstAdmin.token}`,
    );
  }
}

/** Says, once a process has the database, when its stored secrets were sealed with another app secret. */
async function warnOfSealedSecrets(handle: DatabaseHandle, env: Env): Promise<void> {
  const warning = await sealedSecretsWarning(handle.db, env);
  if (warning) logger.warn(warning);
}

/** The services of a process on `handle`, but for the job queue (which runs on them). */
function servicesOn(handle: DatabaseHandle, env: Env): Omit<AppServices, "jobs"> {
  const secret = appSecret(env);
  const amazon = () => configuredAmazonClient(handle.db, secret, { endpointOverride: env.AMAZON_API_ENDPOINT });
  return {
    db: handle.db,
    driver: handle.driver,
    pingDatabase: () => handle.ping(),
    env,
    appSecret: secret,
    amazon,
    refreshDealPrice: (dealId, by) => refreshDealPrice({ db: handle.db, amazon }, dealId, by),
    applySiteFormats: () => applySiteFormats(handle.db),
    backUp: ({ folder, onProgress } = {}) => backUp(handle, folder ?? defaultBackupFolder(env), onProgress),
  };
}

/**
 * A cluster's primary, before its workers start: migrates, loads demo content, sets up the job queue and
 * sees to the first admin, once.
 */
export async function prepareDatabaseOnce(): Promise<void> {
  const env = getEnv();
  appSecret(env); // generated into DATA_DIR now, when unset, so every worker reads the same one
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  setDatabase(handle);
  try {
    await prepareJobQueue(
      handle,
      backgroundJobs(servicesOn(handle, env), handle.driver, await readBackupSettings(handle.db)),
    );
    await announceFirstAdmin(handle, env);
    await warnOfSealedSecrets(handle, env);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/**
 * Opens the database, migrates it and loads demo content when it is new; starts background jobs. A
 * cluster's workers leave the first admin to the primary (`firstAdmin: false`).
 */
export async function startDatabase({ firstAdmin = true }: { firstAdmin?: boolean } = {}): Promise<void> {
  if (getDatabaseHandle()) return;
  const env = getEnv();
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  setDatabase(handle);
  const base = servicesOn(handle, env);
  const jobs = backgroundJobs(base, handle.driver, await readBackupSettings(handle.db));
  services = { ...base, jobs: await startJobQueue(handle, jobs) };
  logger.info({ driver: handle.driver }, "database ready");
  if (env.DATABASE_URL && !env.APP_SECRET) {
    logger.warn(
      "APP_SECRET is not set: it was generated into DATA_DIR. Set it when several processes share the database.",
    );
  }
  await contentChanges.watch({
    listen: (onChange) => handle.listen(CONTENT_CHANNEL, onChange),
    nextScheduledChange: () => nextContentChange(handle.db),
  });
  if (firstAdmin) {
    await announceFirstAdmin(handle, env);
    await warnOfSealedSecrets(handle, env);
  }
}

export async function stopDatabase(): Promise<void> {
  await contentChanges.stop();
  await services?.jobs
    .stop()
    .catch((error: unknown) => logger.warn({ err: error }, "the job queue did not stop cleanly"));
  services = undefined;
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}

/** Headers every answer carries, static files included (mounted first by server/web-server.ts). */
export const securityHeaders: express.RequestHandler = (_req, res, next) => {
  res.set(baseSecurityHeaders(getEnv()));
  next();
};

/**
 * Text PostgreSQL refuses (NUL) never reaches a route from the URL: a path holding it is not found, and a
 * query parameter holding it is dropped as if it had not been sent.
 */
const rejectUnsafeUrls: express.RequestHandler = (req, res, next) => {
  const cleaned = cleanRequestUrl(req.originalUrl);
  if (cleaned === null) return void res.status(404).type("text/plain").send("Not found");
  if (cleaned !== req.originalUrl) {
    req.url = cleaned;
    req.originalUrl = cleaned;
  }
  next();
};

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

const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * A write to an admin URL needs a session, and a role that may write there (admin-access.ts), before its
 * body is read: strangers and contributors cannot make the server parse a settings form. A form post
 * without either answers 401 or 403 here. A client-side submission (`*.data`) reaches React Router with an
 * empty body instead, so its action's requireAdmin answers in the encoding the browser expects.
 */
const requireSessionForAdminWrites: express.RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || !isAdminPath(req.path)) return next();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  sessionRoleOf(headers).then((role) => {
    const allowed = role !== null && mayAccess(roleOf(role), req.method, req.path);
    if (allowed) return next();
    skipBody(req);
    if (req.path.endsWith(".data")) return next();
    if (role === null) res.status(401).type("text/plain").send(SESSION_ENDED);
    else res.status(403).type("text/plain").send(NO_ACCESS);
  }, next);
};

/**
 * Dates and prices are typed and shown in the site's time zone, currency and locale: set for the request
 * before any loader or action reads or writes one (lib/dates.ts, lib/money.ts; one set per site, so requests
 * side by side agree on them).
 */
const inSiteFormats: express.RequestHandler = (_req, _res, next) => {
  if (!services) return next();
  services.applySiteFormats().then(() => next(), next);
};

export const app = express.Router();

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    // Method, path and status only: headers carry cookies, query strings can carry emails, bodies secrets.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split("?")[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: serializeError,
    },
  }),
);
app.use(rejectUnsafeUrls);
app.use(cacheAtEdge.serve);
app.use(rejectCrossOriginWrites);
app.use(requireSessionForAdminWrites);
app.use(readBodyWithinLimit);
app.use(inSiteFormats);
app.use(
  reactRouterHandler(
    build,
    getEnv().NODE_ENV,
    (req) => {
      if (!services) throw new Error("The database is not open yet");
      return { ...services, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" };
    },
    cacheAtEdge.keep,
  ),
);
