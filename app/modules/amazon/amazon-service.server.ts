import { createHash } from "node:crypto";

import type { Executor } from "#app/db/client.server";

import { type AmazonApi, type AmazonApiOptions, createAmazonApi, getProduct } from "./amazon-api.server";
import { AmazonApiError, type AmazonCredentials } from "./amazon-request.server";
import { loadAmazonCredentials } from "./amazon-settings.server";
import { meteredAmazon } from "./amazon-usage.server";

// One client per account, pacing and process, so its request queue, back-off and token cache are shared
// by every admin request, the refresh job and the saved searches.
const clients = new Map<string, AmazonApi>();

export function amazonClient(credentials: AmazonCredentials, options: AmazonApiOptions = {}): AmazonApi {
  const key = createHash("sha256")
    .update(JSON.stringify([credentials, { ...options, clock: undefined }]))
    .digest("hex");
  let client = clients.get(key);
  if (!client) {
    client = createAmazonApi(credentials, options);
    clients.set(key, client);
  }
  return client;
}

/** The configured account's client, metered against the day's requests; null when the settings are incomplete. */
export async function configuredAmazonClient(
  db: Executor,
  appSecret: string,
  options: AmazonApiOptions = {},
): Promise<AmazonApi | null> {
  const credentials = await loadAmazonCredentials(db, appSecret);
  return credentials ? meteredAmazon(amazonClient(credentials, options), db) : null;
}

/** A fixed, long-listed product used by 'Test API Connection'. */
export const CONNECTION_TEST_ASIN = "B07FZ8S74R";

export type ConnectionVerdict = { ok: true; message: string } | { ok: false; message: string; detail: string };

const CONNECT_FAILED = "Failed to connect to Amazon PA API. Please check your credentials.";

/** 'Test API Connection': ask Amazon for the test product with these credentials. */
export async function testAmazonConnection(
  credentials: AmazonCredentials,
  options: AmazonApiOptions = {},
): Promise<ConnectionVerdict> {
  try {
    await getProduct(amazonClient(credentials, options), CONNECTION_TEST_ASIN);
    return { ok: true, message: "API connection successful" };
  } catch (error) {
    // Amazon answering "no such product" still proves the credentials work.
    if (error instanceof AmazonApiError && error.kind === "not-found")
      return { ok: true, message: "API connection successful" };
    return {
      ok: false,
      message: "API connection failed",
      detail: error instanceof AmazonApiError ? error.message : CONNECT_FAILED,
    };
  }
}
