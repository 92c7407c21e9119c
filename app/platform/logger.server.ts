import pino, { type DestinationStream, type Level } from "pino";

import { pgError } from "#app/db/errors.server";

import { getEnv } from "./env.server";

/**
 * An error as its type, message, database code and stack frames. Never a failed query's parameters (Drizzle
 * appends them to its message, and they can hold a store's api_config secrets) nor PostgreSQL's row detail.
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const database = pgError(value);
  const message = value.message.split("\nparams:")[0]!.slice(0, 500);
  return {
    type: value.name,
    message,
    ...(database ? { code: database.code, constraint: database.constraint, table: database.table } : {}),
    ...(value.cause instanceof Error && !database ? { cause: serializeError(value.cause) } : {}),
    // Frames only: the stack's first line repeats the message, parameters and all.
    stack: value.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n"),
  };
}

/** JSON logs. Secrets never reach them: log ids and paths, not request bodies, headers or query parameters. */
export function createLogger(level: Level | "silent", destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}

export const logger = createLogger(getEnv().LOG_LEVEL);
