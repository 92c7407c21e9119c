import aws4 from "aws4";

import { type AmazonProduct, camelizeKeys, toAmazonProduct } from "./amazon-product";
import { CREATORS_API_BASE, CREATORS_TOKEN_ENDPOINTS, findMarketplace } from "./marketplaces";

// One interface, two protocols: the Creators API (OAuth2 client credentials, default) and the legacy
// PA-API 5.0 (AWS SigV4, signed by the aws4 library). Protocol notes and sources: ADR 0006.

export type AmazonApiKind = "creators" | "paapi";

export interface AmazonCredentials {
  api: AmazonApiKind;
  accessKey: string;
  secretKey: string;
  associateTag: string;
  marketplace: string;
  /** Creators API credential version, e.g. "2.1". */
  credentialVersion: string;
}

export type AmazonErrorKind = "bad-credentials" | "throttled" | "not-found" | "no-data" | "unavailable" | "invalid";

export class AmazonApiError extends Error {
  constructor(
    readonly kind: AmazonErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "AmazonApiError";
  }
}

export interface AmazonApiOptions {
  /** For tests and proxies: send every request to this origin instead of Amazon's (off by default). */
  endpointOverride?: string;
  minIntervalMs?: number;
  timeoutMs?: number;
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** The time and the waits for pacing and back-off; tests pass one that records what was asked. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface AmazonApi {
  /** Up to any number of ASINs, fetched in batches of ten; unknown ASINs are absent from the map. */
  getItems(asins: string[]): Promise<Map<string, AmazonProduct>>;
}

const BATCH = 10;
const RESOURCES = [
  "itemInfo.title",
  "itemInfo.features",
  "images.primary.large",
  "images.variants.large",
  "offersV2.listings.price",
  "offersV2.listings.availability",
  "offersV2.listings.dealDetails",
  "offersV2.listings.merchantInfo",
  "customerReviews.count",
  "customerReviews.starRating",
];
// PA-API names the same resources in PascalCase.
const PAAPI_RESOURCES = RESOURCES.map((resource) =>
  resource
    .split(".")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("."),
);

const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

interface HttpAnswer {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new AmazonApiError(
      "unavailable",
      timedOut ? "Amazon did not answer in time. Please try again." : "Amazon could not be reached.",
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    status: response.status,
    body,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  };
}

function messageOf(body: unknown): string {
  const value = camelizeKeys(body) as {
    errors?: Array<{ message?: string }>;
    message?: string;
    error_description?: string;
  } | null;
  return value?.errors?.[0]?.message ?? value?.message ?? value?.error_description ?? "";
}

/** Maps an HTTP answer to the error a shopper-facing admin can act on. */
function errorFor(answer: HttpAnswer): AmazonApiError {
  const detail = messageOf(answer.body);
  if (answer.status === 401 || answer.status === 403) {
    return new AmazonApiError(
      "bad-credentials",
      `Amazon refused the credentials${detail ? `: ${detail}` : ""}. Check the keys and the associate tag.`,
    );
  }
  if (answer.status === 429)
    return new AmazonApiError(
      "throttled",
      "Amazon is limiting requests right now. Please wait a minute and try again.",
    );
  if (answer.status === 404) return new AmazonApiError("not-found", "Amazon has no product with that ASIN.");
  if (answer.status >= 500)
    return new AmazonApiError("unavailable", "Amazon's product service is unavailable. Please try again later.");
  return new AmazonApiError("invalid", detail || `Amazon answered with status ${answer.status}.`);
}

/** Creators API OAuth tokens, cached until shortly before they expire; one refresh at a time. */
class TokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly credentials: AmazonCredentials,
    private readonly tokenUrl: string,
    private readonly timeoutMs: number,
  ) {}

  invalidate() {
    this.token = null;
  }

  async get(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = null));
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const lwa = this.credentials.credentialVersion.startsWith("3.");
    const fields = {
      grant_type: "client_credentials",
      client_id: this.credentials.accessKey,
      client_secret: this.credentials.secretKey,
      scope: lwa ? "creatorsapi::default" : "creatorsapi/default",
    };
    const answer = await post(
      this.tokenUrl,
      lwa
        ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }
        : {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          },
      this.timeoutMs,
    );
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) {
      throw answer.status >= 500
        ? errorFor(answer)
        : new AmazonApiError("bad-credentials", "Amazon refused the credential ID or secret.");
    }
    const lifetime = (body.expires_in ?? 3600) * 1000;
    // Refresh a little early so a token never expires in flight.
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetime - Math.min(30_000, lifetime / 2) };
    return body.access_token;
  }
}

export function createAmazonApi(credentials: AmazonCredentials, options: AmazonApiOptions = {}): AmazonApi {
  const market = findMarketplace(credentials.marketplace);
  if (!market) throw new AmazonApiError("invalid", `Unknown marketplace ${credentials.marketplace}`);
  const {
    endpointOverride,
    minIntervalMs = 1000,
    timeoutMs = 10_000,
    maxRetries = 3,
    backoffBaseMs = 1000,
    backoffCapMs = 8000,
    clock = realClock,
  } = options;
  const override = endpointOverride?.replace(/\/+$/, "");

  // At most one request per interval per account: callers queue instead of failing.
  let queue: Promise<unknown> = Promise.resolve();
  let lastStart = 0;
  function throttled<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = lastStart + minIntervalMs - clock.now();
      if (wait > 0) await clock.sleep(wait);
      lastStart = clock.now();
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  }

  /** Retries throttling and server errors with capped exponential back-off (Retry-After wins). */
  async function withRetries(send: () => Promise<HttpAnswer>, onUnauthorized?: () => void): Promise<HttpAnswer> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const answer = await throttled(send);
      if (answer.status === 401 && onUnauthorized && !refreshed) {
        refreshed = true;
        onUnauthorized();
        continue;
      }
      const retryable = answer.status === 429 || answer.status >= 500;
      if (!retryable || attempt >= maxRetries) return answer;
      await clock.sleep(answer.retryAfterMs ?? Math.min(backoffCapMs, backoffBaseMs * 2 ** attempt));
    }
  }

  const tokens = new TokenCache(
    credentials,
    override
      ? `${override}${credentials.credentialVersion.startsWith("3.") ? "/auth/o2/token" : "/oauth2/token"}`
      : (CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion] ?? ""),
    timeoutMs,
  );

  async function creatorsBatch(asins: string[]): Promise<unknown> {
    if (!override && !CREATORS_TOKEN_ENDPOINTS[credentials.credentialVersion]) {
      throw new AmazonApiError("invalid", `Unknown Creators API credential version ${credentials.credentialVersion}`);
    }
    const url = `${override ?? CREATORS_API_BASE}/catalog/v1/getItems`;
    const body = JSON.stringify({
      itemIds: asins,
      itemIdType: "ASIN",
      partnerTag: credentials.associateTag,
      resources: RESOURCES,
    });
    const answer = await withRetries(
      async () => {
        const token = await tokens.get();
        const version = credentials.credentialVersion.startsWith("3.")
          ? ""
          : `, Version ${credentials.credentialVersion}`;
        return post(
          url,
          {
            headers: {
              Authorization: `Bearer ${token}${version}`,
              "Content-Type": "application/json; charset=utf-8",
              "x-marketplace": credentials.marketplace,
            },
            body,
          },
          timeoutMs,
        );
      },
      () => tokens.invalidate(),
    );
    if (answer.status !== 200) throw errorFor(answer);
    return answer.body;
  }

  async function paapiBatch(asins: string[]): Promise<unknown> {
    const target = override ? new URL(override) : new URL(`https://${market!.paapiHost}`);
    const body = JSON.stringify({
      ItemIds: asins,
      ItemIdType: "ASIN",
      PartnerTag: credentials.associateTag,
      PartnerType: "Associates",
      Marketplace: credentials.marketplace,
      Resources: PAAPI_RESOURCES,
    });
    const answer = await withRetries(() => {
      const signed = aws4.sign(
        {
          host: target.host,
          path: "/paapi5/getitems",
          method: "POST",
          service: "ProductAdvertisingAPI",
          region: market!.paapiRegion,
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-encoding": "amz-1.0",
            "x-amz-target": "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.GetItems",
          },
          body,
        },
        { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
      );
      return post(
        `${target.protocol}//${target.host}/paapi5/getitems`,
        { headers: signed.headers as Record<string, string>, body },
        timeoutMs,
      );
    });
    if (answer.status !== 200) throw errorFor(answer);
    return answer.body;
  }

  return {
    async getItems(asins) {
      const unique = [...new Set(asins.map((asin) => asin.trim().toUpperCase()))];
      const products = new Map<string, AmazonProduct>();
      for (let start = 0; start < unique.length; start += BATCH) {
        const batch = unique.slice(start, start + BATCH);
        const raw = credentials.api === "paapi" ? await paapiBatch(batch) : await creatorsBatch(batch);
        const data = camelizeKeys(raw) as { itemsResult?: { items?: Array<Record<string, unknown>> } } | null;
        for (const item of data?.itemsResult?.items ?? []) {
          const product = toAmazonProduct(item, {
            associateTag: credentials.associateTag,
            marketplace: credentials.marketplace,
          });
          products.set(product.asin, product);
        }
      }
      return products;
    },
  };
}

/** One product by ASIN, with the spec's errors for nothing found. */
export async function getProduct(api: AmazonApi, asin: string): Promise<AmazonProduct> {
  const products = await api.getItems([asin]);
  const product = products.get(asin.trim().toUpperCase());
  if (!product) throw new AmazonApiError("not-found", "Amazon has no product with that ASIN.");
  if (!product.title && product.currentPrice === null)
    throw new AmazonApiError("no-data", "No data received from Amazon API");
  return product;
}
