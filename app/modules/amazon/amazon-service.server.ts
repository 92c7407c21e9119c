import { createHash } from "node:crypto";
import type { Executor } from "#app/db/client.server";
import { createAmazonApi, type AmazonApi, type AmazonApiOptions, type AmazonCredentials } from "./amazon-api.server";
import { loadAmazonCredentials } from "./amazon-settings.server";

// One client per account and process, so its request queue, back-off and token cache are shared by
// every admin request and the refresh job.
const clients = new Map<string, AmazonApi>();

export function amazonClient(credentials: AmazonCredentials, options: AmazonApiOptions = {}): AmazonApi {
  const key = createHash("sha256").update(JSON.stringify([credentials, options.endpointOverride ?? ""])).digest("hex");
  let client = clients.get(key);
  if (!client) {
    client = createAmazonApi(credentials, options);
    clients.set(key, client);
  }
  return client;
}

/** The configured account's client, or null when the settings are incomplete. */
export async function configuredAmazonClient(db: Executor, appSecret: string, options: AmazonApiOptions = {}): Promise<AmazonApi | null> {
  const credentials = await loadAmazonCredentials(db, appSecret);
  return credentials ? amazonClient(credentials, options) : null;
}

/** A fixed, long-listed product used by 'Test API Connection'. */
export const CONNECTION_TEST_ASIN = "B07FZ8S74R";
