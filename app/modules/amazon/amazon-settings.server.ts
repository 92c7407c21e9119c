import { eq } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { stores } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { type AmazonTrackingIds, readTrackingIds } from "#app/lib/amazon-tracking-ids";
import { recordAudit } from "#app/modules/audit/audit.server";
import { forgetContentMemos, keptUntilContentChanges } from "#app/platform/content-memo.server";
import {
  encryptSecret,
  isEncryptedSecret,
  openStoredSecret,
  unreadableSecret,
} from "#app/platform/secrets-at-rest.server";

import type { AmazonCredentials } from "./amazon-request.server";
import { type AmazonSettingsInput, DEFAULT_DAILY_REQUESTS, SECRET_REQUIRED } from "./amazon-settings.schema";
import { DEFAULT_MARKETPLACE } from "./marketplaces";

// Settings live in api_config of the store with slug 'amazon', the secret encrypted at rest.
const SLUG = "amazon";

type StoredConfig = {
  api?: "creators" | "paapi";
  access_key?: string;
  secret_key?: string;
  associate_tag?: string;
  region?: string;
  marketplace?: string;
  credential_version?: string;
  daily_request_budget?: number;
  /** A tracking ID per placement, for the links that placement sends to Amazon. */
  tracking_ids?: Record<string, string>;
};

async function storedConfig(db: Executor): Promise<StoredConfig | null> {
  const [row] = await db.select({ apiConfig: stores.apiConfig }).from(stores).where(eq(stores.slug, SLUG)).limit(1);
  return row ? (row.apiConfig as StoredConfig) : null;
}

/** Said wherever the stored secret key is needed and this app secret cannot open it. */
export const AMAZON_SECRET_UNREADABLE = unreadableSecret("Amazon secret key", "enter it again under Settings → Amazon");

/** The stored secret key in plain text: undefined when none is stored, null when this app secret cannot open it. */
function storedSecretKey(config: StoredConfig, appSecret: string): string | null | undefined {
  if (!config.secret_key) return undefined;
  return isEncryptedSecret(config.secret_key) ? openStoredSecret(config.secret_key, appSecret) : config.secret_key;
}

/** The marketplace the owner saved in the Amazon settings; null before they are saved. */
export async function chosenMarketplace(db: Executor): Promise<string | null> {
  return (await storedConfig(db))?.marketplace ?? null;
}

/** The requests a day the owner lets the site make to Amazon (saved searches stop when they are spent). */
export async function amazonDailyBudget(db: Executor): Promise<number> {
  return (await storedConfig(db))?.daily_request_budget ?? DEFAULT_DAILY_REQUESTS;
}

/** The tracking ID the owner set for each placement (read again only when content changes). */
export const readAmazonTrackingIds = keptUntilContentChanges(async (db: Executor): Promise<AmazonTrackingIds> =>
  readTrackingIds((await storedConfig(db))?.tracking_ids),
);

/** What the settings screen may show: never the secret, only whether one is stored and its last four. */
export async function loadAmazonSettings(db: Executor, appSecret: string) {
  const config = (await storedConfig(db)) ?? {};
  const secret = storedSecretKey(config, appSecret);
  return {
    api: config.api ?? "creators",
    accessKey: config.access_key ?? "",
    associateTag: config.associate_tag ?? "",
    region: config.region ?? "us-east-1",
    marketplace: config.marketplace ?? DEFAULT_MARKETPLACE,
    credentialVersion: config.credential_version ?? "2.1",
    dailyRequestBudget: config.daily_request_budget ?? DEFAULT_DAILY_REQUESTS,
    trackingIds: readTrackingIds(config.tracking_ids),
    secretLast4: secret ? secret.slice(-4) : null,
    /** A secret is stored that this app secret can open: the form may leave the field empty to keep it. */
    hasSecret: Boolean(secret),
    /** Why the stored secret is of no use (this app secret cannot open it), for the field's hint. */
    secretUnreadable: secret === null ? AMAZON_SECRET_UNREADABLE : null,
  };
}

/** The credentials for calls to Amazon (server side only), or null when something required is missing. */
export async function loadAmazonCredentials(db: Executor, appSecret: string): Promise<AmazonCredentials | null> {
  const config = await storedConfig(db);
  if (!config?.access_key || !config.secret_key || !config.associate_tag) return null;
  const secretKey = storedSecretKey(config, appSecret);
  return {
    api: config.api ?? "creators",
    accessKey: config.access_key,
    // Unreadable, the client refuses every call with AMAZON_SECRET_UNREADABLE (amazon-api.server.ts).
    secretKey: secretKey ?? "",
    ...(secretKey === null ? { secretUnreadable: true } : {}),
    associateTag: config.associate_tag,
    marketplace: config.marketplace ?? DEFAULT_MARKETPLACE,
    credentialVersion: config.credential_version ?? "2.1",
  };
}

/** The credentials a form describes, taking the stored secret when the form leaves it empty. */
export async function credentialsFromForm(
  db: Executor,
  input: AmazonSettingsInput,
  appSecret: string,
): Promise<AmazonCredentials | null> {
  const stored = await loadAmazonCredentials(db, appSecret);
  const secretKey = input.secretKey || (stored?.secretUnreadable ? undefined : stored?.secretKey);
  if (!secretKey) return null;
  return {
    api: input.api,
    accessKey: input.accessKey,
    secretKey,
    associateTag: input.associateTag,
    marketplace: input.marketplace,
    credentialVersion: input.credentialVersion,
  };
}

export class MissingSecretError extends Error {}

/** Saves the account's settings; an empty secret keeps the stored one. */
export async function saveAmazonSettings(
  db: Database,
  actor: Actor,
  input: AmazonSettingsInput,
  appSecret: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = (await storedConfig(tx)) ?? {};
    const secret = input.secretKey ? encryptSecret(input.secretKey, appSecret) : current.secret_key;
    if (!secret) throw new MissingSecretError(SECRET_REQUIRED);
    const apiConfig = {
      ...current,
      api: input.api,
      access_key: input.accessKey,
      secret_key: secret,
      associate_tag: input.associateTag,
      region: input.region,
      marketplace: input.marketplace,
      credential_version: input.credentialVersion,
      daily_request_budget: input.dailyRequestBudget,
    };
    await storeConfig(tx, actor, apiConfig, "Amazon settings");
  });
  // The site's currency follows the marketplace until the owner chooses one: read it again now.
  forgetContentMemos();
}

/** Saves the tracking ID of each placement (an empty one sends that placement's links with the associate tag). */
export async function saveAmazonTrackingIds(db: Database, actor: Actor, ids: AmazonTrackingIds): Promise<void> {
  await db.transaction(async (tx) => {
    const current = (await storedConfig(tx)) ?? {};
    await storeConfig(tx, actor, { ...current, tracking_ids: ids }, "Amazon tracking IDs");
  });
  forgetContentMemos();
}

/** Upserts the 'amazon' store (api_type amazon_pa) with its config, audited under `title`. */
async function storeConfig(tx: Executor, actor: Actor, apiConfig: StoredConfig, title: string): Promise<void> {
  const [row] = await tx
    .insert(stores)
    .values({ name: "Amazon", slug: SLUG, apiType: "amazon_pa", apiConfig })
    .onConflictDoUpdate({ target: stores.slug, set: { apiType: "amazon_pa", apiConfig } })
    .returning({ id: stores.id });
  await recordAudit(tx, { action: "update", actor, entity: "amazon_settings", entityId: row!.id, detail: { title } });
}
