import type { AppLoadContext } from "react-router";
import { parseEnv } from "#app/platform/env.server";
import type { TestDatabase } from "./test-database";

/** The request context a loader or action gets, on a test database (no Amazon account configured). */
export function testContext(t: Pick<TestDatabase, "db" | "driver" | "ping">): AppLoadContext {
  return {
    db: t.db,
    driver: t.driver,
    pingDatabase: () => t.ping(),
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    appSecret: "test-secret-test-secret-test-secret-1234",
    amazon: async () => null,
    clientIp: "127.0.0.1",
  };
}
