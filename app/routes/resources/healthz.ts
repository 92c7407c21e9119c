import { getDatabaseHandle } from "#app/db/database.server";
import { ping } from "#app/db/client.server";
import { logger } from "#app/platform/logger.server";

/** 200 when the database answers, 503 when it does not (for load balancers and uptime checks). */
export async function loader() {
  const handle = getDatabaseHandle();
  try {
    if (!handle) throw new Error("database not open");
    await ping(handle.db);
    return Response.json({ status: "ok", database: handle.driver }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
