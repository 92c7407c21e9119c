import { type AmazonProduct, camelizeKeys, toAmazonProduct } from "./amazon-product";
import { AmazonApiError, type AmazonCredentials, type Clock, pacedSender, realClock } from "./amazon-request.server";
import { AMAZON_SECRET_UNREADABLE } from "./amazon-settings.server";
import {
  type AmazonReport,
  creatorsCaller,
  creatorsCatalog,
  creatorsReportUrl,
  listCreatorsReports,
} from "./creators-api.server";
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

/** A saved search's question to SearchItems (prices in the marketplace's currency, not its smallest unit). */
export interface AmazonSearch {
  keywords?: string;
  browseNodeId?: string;
  searchIndex?: string;
  minSavingPercent?: number;
  minPrice?: number;
  maxPrice?: number;
  /** Prime, FreeShipping, FulfilledByAmazon, AmazonGlobal. */
  deliveryFlags?: string[];
  sortBy?: string;
}

export interface AmazonSearchPage {
  products: AmazonProduct[];
  /** How many results Amazon says exist (it serves at most ten pages of ten of them). */
  totalResults: number | null;
}

export interface AmazonApi {
  /** The marketplace's currency: prices and earnings come in it. */
  readonly currency: string;
  /** Up to any number of ASINs, fetched in batches of ten; unknown ASINs are absent from the map. */
  getItems(asins: string[]): Promise<Map<string, AmazonProduct>>;
  /** One page (1–10) of ten search results; an empty page when nothing matches. Creators API only. */
  searchItems(search: AmazonSearch, page: number): Promise<AmazonSearchPage>;
  /** The reports Amazon has ready for the account. Creators API only. */
  listReports(): Promise<AmazonReport[]>;
  /** A pre-signed address of one report's file, good for a few minutes. Creators API only. */
  reportUrl(filename: string): Promise<string>;
}

const CREATORS_ONLY = (what: string) =>
  new AmazonApiError("invalid", `${what} need the Creators API: choose it under Settings → Amazon.`);

const BATCH = 10;
/** SearchItems serves ten results a page and ten pages at most. */
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGES = 10;

/** The ASINs once each, as Amazon spells them. */
const uniqueAsins = (asins: string[]) => [...new Set(asins.map((asin) => asin.trim().toUpperCase()))];

/** The requests `getItems` makes for these ASINs: one per ten. */
export const getItemsRequests = (asins: string[]) => Math.ceil(uniqueAsins(asins).length / BATCH);

/** SearchItems' fields for a search: prices in the smallest unit of the currency, as the API takes them. */
function searchFields(search: AmazonSearch, page: number): Record<string, unknown> {
  const cents = (price: number | undefined) => (price === undefined ? undefined : Math.max(1, Math.round(price * 100)));
  const fields = {
    keywords: search.keywords,
    browseNodeId: search.browseNodeId,
    searchIndex: search.searchIndex,
    minSavingPercent: search.minSavingPercent,
    minPrice: cents(search.minPrice),
    maxPrice: cents(search.maxPrice),
    deliveryFlags: search.deliveryFlags?.length ? search.deliveryFlags : undefined,
    sortBy: search.sortBy,
    itemCount: SEARCH_PAGE_SIZE,
    itemPage: page,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ""));
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
  const protocol = {
    override: endpointOverride?.replace(/\/+$/, ""),
    timeoutMs,
    // A stored secret this app secret cannot open signs nothing: every call says to enter it again.
    send: credentials.secretUnreadable
      ? () => Promise.reject(new AmazonApiError("bad-credentials", AMAZON_SECRET_UNREADABLE))
      : pacedSender({ minIntervalMs, maxRetries, backoffBaseMs, backoffCapMs, clock }),
  };
  const call = creatorsCaller(credentials, protocol);
  const catalog = creatorsCatalog(call, credentials);
  const creatorsOnly = <T>(what: string, run: () => Promise<T>) =>
    credentials.api === "paapi" ? Promise.reject(CREATORS_ONLY(what)) : run();
  const getBatch =
    credentials.api === "paapi"
      ? paapiGetItems(credentials, market, protocol)
      : (asins: string[]) => catalog("getItems", { itemIds: asins, itemIdType: "ASIN" });
  const productOf = (item: Record<string, unknown>) =>
    toAmazonProduct(item, { associateTag: credentials.associateTag, marketplace: credentials.marketplace });

  return {
    currency: market.money.currency,
    async getItems(asins) {
      const unique = uniqueAsins(asins);
      const products = new Map<string, AmazonProduct>();
      for (let start = 0; start < unique.length; start += BATCH) {
        const raw = await getBatch(unique.slice(start, start + BATCH));
        const data = camelizeKeys(raw) as { itemsResult?: { items?: Array<Record<string, unknown>> } } | null;
        for (const item of data?.itemsResult?.items ?? []) {
          const product = productOf(item);
          products.set(product.asin, product);
        }
      }
      return products;
    },
    async searchItems(search, page) {
      if (credentials.api === "paapi") throw CREATORS_ONLY("Saved searches");
      let raw: unknown;
      try {
        raw = await catalog("searchItems", searchFields(search, page));
      } catch (error) {
        // Amazon answers a search that matches nothing with "not found".
        if (error instanceof AmazonApiError && error.kind === "not-found") return { products: [], totalResults: 0 };
        throw error;
      }
      const result = (camelizeKeys(raw) as { searchResult?: { items?: unknown; totalResultCount?: unknown } } | null)
        ?.searchResult;
      const items = Array.isArray(result?.items) ? (result.items as Array<Record<string, unknown>>) : [];
      return {
        products: items.filter((item) => typeof item.asin === "string").map(productOf),
        totalResults: typeof result?.totalResultCount === "number" ? result.totalResultCount : null,
      };
    },
    listReports: () => creatorsOnly("Amazon earnings reports", () => listCreatorsReports(call)),
    reportUrl: (filename) => creatorsOnly("Amazon earnings reports", () => creatorsReportUrl(call, filename)),
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
