import { isIP } from "node:net";
import path from "node:path";

import { z } from "zod";

// The only reader of process.env: everything else asks for `env`.
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies may set X-Forwarded-For: none (the default), a hop count, or a list of addresses, subnets
 * and the names loopback, linklocal and uniquelocal. "true" is refused: it would let any client choose its
 * own address and so walk around every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["", "false", "0", "none"].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (value === "true" || bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be a hop count or a comma-separated list of proxy addresses, subnets (10.0.0.0/8) or loopback/linklocal/uniquelocal",
      });
      return z.NEVER;
    }
    return entries;
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAIL: z.email("must be an email address").optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    SEED_DEMO: booleanFlag.default(true),
    PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    // For tests and proxies only: send every Amazon API request (tokens included) to this origin.
    AMAZON_API_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    // For tests only: send Awin's, CJ's and impact.com's API requests (the token included) to these origins.
    AWIN_API_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    IMPACT_API_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    CJ_API_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
    TRUST_PROXY: trustProxy.default(false),
    // How long confirming it is you (modules/users/step-up.server.ts) lasts before credentials, tags, users,
    // webhooks or revenue settings ask again.
    STEP_UP_MINUTES: z.coerce.number({ message: "must be a number" }).min(0.05).max(1440).default(10),
    // HTTP processes on PostgreSQL (server.ts); one per core when unset. The embedded database allows one.
    WEB_CONCURRENCY: z.coerce.number({ message: "must be a number" }).int().min(1).max(256).optional(),
    // Memory for anonymous visitors' pages (server/page-cache.ts); 0 turns the cache off.
    PAGE_CACHE_MB: z.coerce.number({ message: "must be a number" }).int().min(0).max(65536).default(64),
    // Days raw click-outs are kept; the analytics' per-day counts are kept for good.
    CLICK_RETENTION_DAYS: z.coerce.number({ message: "must be a number" }).int().min(31).max(3650).default(400),
    // Days the outbox keeps messages once sent, given up, or kept without SMTP.
    MAIL_RETENTION_DAYS: z.coerce.number({ message: "must be a number" }).int().min(1).max(3650).default(30),
    // Link health (modules/link-health): how often each outbound link is checked, and how many a minute (0: none).
    LINK_CHECK_EVERY_HOURS: z.coerce.number({ message: "must be a number" }).int().min(1).max(720).default(24),
    LINK_CHECKS_PER_MINUTE: z.coerce.number({ message: "must be a number" }).int().min(0).max(600).default(30),
    // For tests only: let the link checker reach private and loopback addresses (a local test server).
    LINK_CHECK_ALLOW_PRIVATE: booleanFlag.default(false),
    // Mail (modules/mail): sent through this SMTP server (smtp:// or smtps://, with credentials); unset, messages
    // stay in the admin's outbox (/admin/outbox) and nothing is sent.
    SMTP_URL: z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).max(200).optional(),
    // Deal alert messages one address may get in a day (the rest wait for the next day).
    ALERT_DAILY_CAP: z.coerce.number({ message: "must be a number" }).int().min(1).max(1000).default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .transform((raw) => ({
    ...raw,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    MAIL_FROM: raw.MAIL_FROM ?? `DealDash <no-reply@${new URL(raw.PUBLIC_URL ?? "http://localhost").hostname}>`,
  }));

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {}

/** Parses an environment; an unset or empty variable takes its default. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function getEnv(): Env {
  // Test runs stay quiet unless LOG_LEVEL asks otherwise.
  const quietTests = process.env.VITEST ? "silent" : undefined;
  cached ??= parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? quietTests });
  return cached;
}
