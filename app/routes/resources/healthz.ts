import { logger } from "#app/platform/logger.server";

import type { Route } from "./+types/healthz";

/** 200 when the database answers, 503 when it does not (for load balancers and uptime checks). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await context.pingDatabase();
    return Response.json({ status: "ok", database: context.driver }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
