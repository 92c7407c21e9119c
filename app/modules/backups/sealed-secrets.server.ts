import { sql } from "drizzle-orm";

import { type Executor, queryRows } from "#app/db/client.server";
import { existingAppSecret } from "#app/platform/app-secret.server";
import type { Env } from "#app/platform/env.server";
import { isEncryptedSecret, openStoredSecret } from "#app/platform/secrets-at-rest.server";

// The secrets the database keeps sealed with the app secret (platform/secrets-at-rest.server.ts, and
// better-auth's for two-factor): a site restored or moved without its app-secret file cannot read them.
// Restore and start say so, and what to copy, before an owner meets it as a failed Amazon test or a
// locked-out two-factor account.

/** At most this many of a kind are tried: these are settings (a few sources, webhooks, people). */
const LIMIT = 1000;

/** "the API token of a sourcing source", "the API tokens of 2 sourcing sources". */
const secretsOf = (n: number, secret: string, holder: string) =>
  n === 1 ? `the ${secret} of a ${holder}` : `the ${secret}s of ${n} ${holder}s`;

/**
 * What the database keeps sealed that `appSecret` cannot open, as words ("the Amazon secret key", "the API
 * tokens of 2 sourcing sources"); empty when everything opens. With no app secret at all (a restore into a
 * place that has none yet), everything sealed is listed.
 */
export async function secretsSealedElsewhere(db: Executor, appSecret: string | null): Promise<string[]> {
  const opens = (stored: string) => appSecret !== null && openStoredSecret(stored, appSecret) !== null;
  const sealed = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ value: string }>(db, query)).map((row) => row.value).filter(isEncryptedSecret);
  const failing = async (query: ReturnType<typeof sql>) =>
    (await sealed(query)).filter((value) => !opens(value)).length;

  const found: string[] = [];
  if (
    (await failing(
      sql`SELECT api_config->>'secret_key' AS value FROM stores WHERE slug = 'amazon' AND api_config ? 'secret_key'`,
    )) > 0
  )
    found.push("the Amazon secret key");
  const sources = await failing(
    sql`SELECT secret AS value FROM sourcing_sources WHERE secret IS NOT NULL LIMIT ${LIMIT}`,
  );
  if (sources) found.push(secretsOf(sources, "API token", "sourcing source"));
  const networks = await failing(
    sql`SELECT secret AS value FROM earnings_sources WHERE secret IS NOT NULL LIMIT ${LIMIT}`,
  );
  if (networks) found.push(secretsOf(networks, "API token", "network account"));
  const hooks = await failing(sql`SELECT secret AS value FROM webhooks LIMIT ${LIMIT}`);
  if (hooks) found.push(secretsOf(hooks, "signing secret", "webhook"));
  const people = await twoFactorSecretsSealedElsewhere(db, appSecret);
  if (people) found.push(secretsOf(people, "two-factor secret", "team member"));
  return found;
}

/** Whether a two-factor secret opens with `appSecret`: better-auth seals them with the app secret its own way. */
async function opensTwoFactorSecret(sealed: string, appSecret: string): Promise<boolean> {
  const { symmetricDecrypt } = await import("better-auth/crypto");
  return symmetricDecrypt({ key: appSecret, data: sealed }).then(
    () => true,
    () => false,
  );
}

/** Whether `userId`'s authenticator secret is sealed with another app secret than `appSecret` (no code can work). */
export async function twoFactorSealedElsewhere(db: Executor, userId: string, appSecret: string): Promise<boolean> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`SELECT secret AS value FROM two_factors WHERE user_id = ${userId}`,
  );
  return row !== undefined && !(await opensTwoFactorSecret(row.value, appSecret));
}

/** How many people's two-factor secrets `appSecret` cannot open (all of them without one). */
async function twoFactorSecretsSealedElsewhere(db: Executor, appSecret: string | null): Promise<number> {
  const rows = await queryRows<{ value: string }>(db, sql`SELECT secret AS value FROM two_factors LIMIT ${LIMIT}`);
  if (appSecret === null) return rows.length;
  let failed = 0;
  for (const { value } of rows) if (!(await opensTwoFactorSecret(value, appSecret))) failed++;
  return failed;
}

/**
 * What to tell whoever restored a backup, or started a server, on `db` with this environment's app secret:
 * null when every sealed secret opens. Nothing is generated: a restore into a place with no app secret yet
 * says to copy the old one before the first start, which would make a new one.
 */
export async function sealedSecretsWarning(
  db: Executor,
  env: Pick<Env, "APP_SECRET" | "DATA_DIR">,
): Promise<string | null> {
  const secret = existingAppSecret(env);
  const found = await secretsSealedElsewhere(db, secret);
  return found.length ? sealedElsewhereWarning(found, secret !== null) : null;
}

/** What restore and start say when the list is not empty: what cannot be read, why, and what to do. */
export function sealedElsewhereWarning(found: string[], appSecretKnown: boolean): string {
  const what = found.length > 1 ? `${found.slice(0, -1).join(", ")} and ${found.at(-1)}` : found[0];
  return appSecretKnown
    ? `This site's app secret cannot read ${what}: they were sealed with another (the app secret changed, or the site was restored or moved without its app-secret file). Copy the old site's DATA_DIR/app-secret file here, or set APP_SECRET to its value, and restart; otherwise enter them again (Settings → Amazon, Sourcing, Earnings, Webhooks), and an owner resets two-factor for those people (Users).`
    : `This database holds ${what}, sealed with the old site's app secret. Before you start the server, copy the old site's DATA_DIR/app-secret file into this DATA_DIR, or set APP_SECRET to its value: a server started without it makes a new app secret that cannot read them.`;
}
