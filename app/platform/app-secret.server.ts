import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { Env } from "./env.server";

const SECRET_FILE = "app-secret";

/**
 * The key for sessions and secrets at rest: APP_SECRET, or a random key generated once into
 * DATA_DIR (mode 0600). Several processes on PostgreSQL must share one, so they need APP_SECRET.
 */
export function resolveAppSecret(env: Pick<Env, "APP_SECRET" | "DATA_DIR">): string {
  const existing = existingAppSecret(env);
  if (existing) return existing;
  const file = path.join(env.DATA_DIR, SECRET_FILE);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** APP_SECRET, or the key already in DATA_DIR; null when there is none yet (nothing is generated). */
export function existingAppSecret(env: Pick<Env, "APP_SECRET" | "DATA_DIR">): string | null {
  if (env.APP_SECRET) return env.APP_SECRET;
  try {
    const existing = fs.readFileSync(path.join(env.DATA_DIR, SECRET_FILE), "utf8").trim();
    return existing.length >= 32 ? existing : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return null;
  }
}

let cached: string | undefined;

/** This process's secret (read or generated once). */
export function appSecret(env: Pick<Env, "APP_SECRET" | "DATA_DIR">): string {
  cached ??= resolveAppSecret(env);
  return cached;
}
