import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import { prepareDatabase, setDatabase, getDatabaseHandle, targetFromEnv } from "~/db/database.server";
import { getEnv } from "~/env.server";
import { logger } from "~/logger.server";
import { baseSecurityHeaders } from "~/security-headers.server";

// The server bundle's entry (see vite.config.ts): everything that shares the app's module graph
// (database handle, logger, environment) is reached through these exports.

export { getEnv, logger };

/** Opens the database, migrates it and loads demo content when it is new. */
export async function startDatabase(): Promise<void> {
  if (getDatabaseHandle()) return;
  const env = getEnv();
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  setDatabase(handle);
  logger.info({ driver: handle.driver }, "database ready");
}

export async function stopDatabase(): Promise<void> {
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}

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
app.use(createRequestHandler({ build: () => import("virtual:react-router/server-build") }));
