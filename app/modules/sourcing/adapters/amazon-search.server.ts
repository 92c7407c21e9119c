import { type AmazonSearch, SEARCH_PAGE_SIZE } from "#app/modules/amazon/amazon-api.server";
import type { AmazonProduct } from "#app/modules/amazon/amazon-product";
import { AmazonApiError } from "#app/modules/amazon/amazon-request.server";
import { AmazonBudgetSpent, untilTomorrow } from "#app/modules/amazon/amazon-usage.server";

import type { Offer } from "../offer";
import type { AmazonSearchSettings } from "./amazon-search-settings";
import { batchOf, type OfferBatch, type SourceAdapter, type SourceConnection, SourceError } from "./source-adapter";

// An Amazon saved search: SearchItems through the site's Amazon account (its settings, its pacing, its
// daily budget), a page of ten at a time. A search lists what matches now, not every offer Amazon has, so
// a product it stops finding is not taken for an ended one.

/** The saved search as SearchItems' question. */
export function searchOf(settings: AmazonSearchSettings): AmazonSearch {
  return {
    keywords: settings.keywords,
    browseNodeId: settings.browseNodeId,
    searchIndex: settings.searchIndex,
    minSavingPercent: settings.minSavingPercent,
    minPrice: settings.minPrice,
    maxPrice: settings.maxPrice,
    deliveryFlags: [...(settings.prime ? ["Prime"] : []), ...(settings.freeShipping ? ["FreeShipping"] : [])],
    sortBy: settings.sortBy,
  };
}

/** A search result as an offer (a deal at Amazon's price), or why it cannot be one. */
export function offerOfProduct(product: AmazonProduct): Offer | string {
  if (product.currentPrice === null) return `${product.asin}: no price`;
  if (!product.buyable) return `${product.asin}: nobody can buy it now`;
  return {
    externalId: product.asin,
    kind: "deal",
    url: product.affiliateUrl,
    title: product.title.slice(0, 200),
    imageUrl: product.imageUrl,
    affiliateUrl: product.affiliateUrl,
    price: product.currentPrice,
    originalPrice: product.originalPrice,
    endsAt: product.dealEndsAt,
    merchant: "Amazon",
  };
}

/** Amazon's refusals as the sourcing and earnings pages word them (`what` it refused), and when to come back. */
export function amazonSourceError(error: unknown, what = "the search"): unknown {
  if (error instanceof AmazonBudgetSpent) return new SourceError(error.message, "rate-limited", untilTomorrow());
  if (!(error instanceof AmazonApiError)) return error;
  switch (error.kind) {
    case "bad-credentials":
      return new SourceError(`${error.message} (Settings → Amazon)`, "credentials");
    case "throttled":
      return new SourceError(`Amazon is limiting requests: ${what} runs again later`, "rate-limited");
    case "unavailable":
      return new SourceError(error.message, "unreachable");
    default:
      return new SourceError(`Amazon refused ${what}: ${error.message}`, "bad-feed");
  }
}

async function* readAmazonSearch(
  settings: AmazonSearchSettings,
  connection: SourceConnection,
): AsyncGenerator<OfferBatch> {
  const amazon = connection.amazon;
  if (!amazon) throw new SourceError("Set up Amazon first: add your keys under Settings → Amazon", "credentials");
  const search = searchOf(settings);
  for (let page = 1; page <= settings.pages; page++) {
    const found = await amazon.searchItems(search, page).catch((error: unknown) => {
      throw amazonSourceError(error);
    });
    yield batchOf(found.products, offerOfProduct, (product) => product.asin);
    const more = found.totalResults === null || page * SEARCH_PAGE_SIZE < found.totalResults;
    if (found.products.length < SEARCH_PAGE_SIZE || !more) return;
  }
}

export const amazonSearchAdapter: SourceAdapter<AmazonSearchSettings> = { complete: false, read: readAmazonSearch };
