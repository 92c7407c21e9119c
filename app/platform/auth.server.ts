import type { Database } from "#app/db/client.server";
import { db } from "#app/db/database.server";
import * as schema from "#app/db/schema";

import { appSecret } from "./app-secret.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

const SEVEN_DAYS = 60 * 60 * 24 * 7;
const ONE_DAY = 60 * 60 * 24;

export interface AuthConfig {
  secret: string;
  publicUrl: string;
}

/**
 * better-auth over our Drizzle tables: email + password, database sessions, sign-up closed. Loaded on first
 * use: the library takes about 0.6 s to import, which public pages and start-up should not wait for.
 */
export async function createAuth(database: Database, config: AuthConfig) {
  const [{ betterAuth }, { drizzleAdapter }, { twoFactor }, { passkey }] = await Promise.all([
    import("better-auth"),
    import("better-auth/adapters/drizzle"),
    import("better-auth/plugins/two-factor"),
    import("@better-auth/passkey"),
  ]);
  const site = new URL(config.publicUrl);
  return betterAuth({
    appName: "DealDash",
    baseURL: config.publicUrl,
    secret: config.secret,
    database: drizzleAdapter(database, { provider: "pg", schema, usePlural: true }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    // Set by whoever makes the account (an owner's invitation, the setup page, the command line), never by a request.
    user: {
      additionalFields: { role: { type: "string", required: false, defaultValue: "contributor", input: false } },
    },
    session: { expiresIn: SEVEN_DAYS, updateAge: ONE_DAY },
    // An authenticator app (TOTP) and ten one-time backup codes (modules/users/two-factor.server.ts). A
    // challenge allows five codes, then the password is asked again, through our own per-address limits; the
    // plugin's per-account lock is off, so whoever has the password cannot lock the owner out from elsewhere.
    plugins: [
      twoFactor({
        issuer: "DealDash",
        accountLockout: { enabled: false },
        backupCodeOptions: { amount: 10 },
      }),
      // Passkeys (modules/users/passkeys.server.ts): for this site's own origin only, never the request's
      // Origin header, and only with the person verified on the device (PIN or biometrics), so a passkey is
      // two factors in one.
      passkey({
        rpName: "DealDash",
        rpID: site.hostname,
        origin: site.origin,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw new Error("The passkey did not verify its user");
          },
        },
      }),
    ],
    // Our own limits live in the database (login-attempts.server.ts); better-auth's are per process.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "dealdash",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      database: { generateId: "uuid" },
    },
    telemetry: { enabled: false },
    // Expected failures (an unknown email) are our audit log's business; only errors go to the log.
    logger: { level: "error", log: (_level, message, ...args) => logger.error({ args }, `better-auth: ${message}`) },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/**
 * The code of better-auth's answer to a request it refused (a wrong password or code, an unknown
 * challenge); anything else (its own failure, ours) is thrown on.
 */
export async function refusalCode(error: unknown): Promise<string> {
  const { isAPIError } = await import("better-auth/api");
  if (!isAPIError(error) || error.statusCode >= 500) throw error;
  return String((error.body as { code?: string } | undefined)?.code ?? "");
}

let cached: { database: Database; auth: Promise<Auth> } | undefined;

/** The process's auth instance, bound to the open database. */
export function auth(): Promise<Auth> {
  const database = db();
  if (cached?.database !== database) {
    const env = getEnv();
    cached = { database, auth: createAuth(database, { secret: appSecret(env), publicUrl: env.PUBLIC_URL }) };
  }
  return cached.auth;
}

export interface AdminSession {
  /** `role` as stored: modules/users/roles.ts reads it. */
  user: { id: string; email: string; name: string; role: string; twoFactorEnabled: boolean };
  sessionId: string;
  /** Set-Cookie values when the session's expiry slid forward; the layout forwards them. */
  refreshCookies: string[];
}

// A document request runs the layout's and the page's loaders with one Request: look its session up once.
const sessionsByRequest = new WeakMap<Request, Promise<AdminSession | null>>();

async function lookUpAdmin(request: Request): Promise<AdminSession | null> {
  const { headers, response } = await (await auth()).api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return null;
  const { id, email, name, role, twoFactorEnabled } = response.user;
  return {
    user: { id, email, name, role: role ?? "", twoFactorEnabled: twoFactorEnabled ?? false },
    sessionId: response.session.id,
    refreshCookies: headers.getSetCookie(),
  };
}

/** The stored role of the session these request headers carry, or null without one (for the edge gate in server/app.ts). */
export async function sessionRoleOf(headers: Headers): Promise<string | null> {
  return (await (await auth()).api.getSession({ headers }))?.user.role ?? null;
}

/** The signed-in admin, or null. */
export function getAdmin(request: Request): Promise<AdminSession | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = lookUpAdmin(request);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}
