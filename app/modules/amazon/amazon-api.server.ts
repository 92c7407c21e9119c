import { type AmazonProduct, camelizeKeys, toAmazonProduct } from "./amazon-product";
import { AmazonApiError, type AmazonCredentials, type Clock, pacedSender, realClock } from "./amazon-request.server";
import { creatorsGetItems } from "./creators-api.server";
import { findMarketplace } from "./marketplaces";
import { paapiGetItems } from "./paapi.server";

// One interface, two protocols: the Creators API (OAuth2 client credentials, default,
// creators-api.server.ts) and the legacy PA-API 5.0 (AWS SigV4, paapi.server.ts), both paced and retried
// by amazon-request.server.ts. Protocol notes and sources: ADR 0006.

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

export interface AmazonApi {
  /** Up to any number of ASINs, fetched in batches of ten; unknown ASINs are absent from the map. */
  getItems(asins: string[]): Promise<Map<string, AmazonProduct>>;
}

const BATCH = 10;
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
  const protocol = {
    override: endpointOverride?.replace(/\/+$/, ""),
    timeoutMs,
    send: pacedSender({ minIntervalMs, maxRetries, backoffBaseMs, backoffCapMs, clock }),
  };
  const getBatch =
    credentials.api === "paapi"
      ? paapiGetItems(credentials, market, protocol)
      : creatorsGetItems(credentials, protocol);

  return {
    async getItems(asins) {
      const unique = [...new Set(asins.map((asin) => asin.trim().toUpperCase()))];
      const products = new Map<string, AmazonProduct>();
      for (let start = 0; start < unique.length; start += BATCH) {
        const raw = await getBatch(unique.slice(start, start + BATCH));
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
