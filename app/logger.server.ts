import pino from "pino";
import { getEnv } from "./env.server";

/** JSON logs. Secrets never reach it: log ids and paths, not request bodies or headers. */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
