import { feedAlternates } from "./feed-links";
export const SITE_NAME = "DealDash";

type MetaMatch = { id: string; data?: unknown } | undefined;

/** The site's canonical origin, from the root loader, in a route's meta function. */
export function siteUrlFrom(matches: ReadonlyArray<MetaMatch>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/**
 * Title, description, canonical URL and Open Graph tags for a page ("Page | DealDash"). `path` is the
 * canonical path (filters that only change presentation are left out of it by the caller).
 */
export function pageMeta(
  title: string,
  description: string,
  options: { siteUrl?: string; path?: string; image?: string; type?: "website" | "article" | "product" } = {},
) {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url =
    options.siteUrl !== undefined && options.path !== undefined ? `${options.siteUrl}${options.path}` : undefined;
  const image =
    options.image && options.siteUrl !== undefined
      ? new URL(options.image, `${options.siteUrl}/`).toString()
      : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: options.type ?? "website" },
    ...(url
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
        ]
      : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}

/** A JSON-LD block for a meta function. */
export const jsonLd = (value: Record<string, unknown>) => ({
  "script:ld+json": { "@context": "https://schema.org", ...value },
});

/** What a Product's offer says: the price shown on the page, in its currency, where to buy it. */
export interface ProductOffer {
  url: string;
  price: number;
  currency: string;
  /** The last day the price holds (a deal's end). */
  validUntil?: Date | string | null;
  availability?: "InStock" | "OutOfStock" | "Discontinued";
  seller?: string | null;
}

/**
 * schema.org Product as Google's product snippets take it: a name and an offer (Google asks for one of
 * offer, review or rating, and DealDash carries no ratings copied from other sites, Amazon's included).
 * No offer (an Amazon price past its 24 hours, no price at all): no Product block.
 */
export function productMarkup(product: {
  name: string;
  description: string;
  images: string[];
  offer: ProductOffer | null;
}) {
  const { offer } = product;
  if (!offer) return [];
  return [
    jsonLd({
      "@type": "Product",
      name: product.name,
      description: product.description,
      image: product.images,
      offers: {
        "@type": "Offer",
        url: offer.url,
        price: offer.price.toFixed(2),
        priceCurrency: offer.currency,
        ...(offer.validUntil ? { priceValidUntil: new Date(offer.validUntil).toISOString().slice(0, 10) } : {}),
        ...(offer.availability ? { availability: `https://schema.org/${offer.availability}` } : {}),
        ...(offer.seller ? { seller: { "@type": "Organization", name: offer.seller } } : {}),
      },
    }),
  ];
}

/** schema.org ItemList of the URLs a list page shows. */
export function itemList(urls: string[]) {
  return jsonLd({
    "@type": "ItemList",
    itemListElement: urls.map((url, index) => ({ "@type": "ListItem", position: index + 1, url })),
  });
}

/**
 * A listing page's tags: its own (canonical `path`), an ItemList of the items it shows (`itemPaths`) and
 * its feeds for the query it was asked with (`search`).
 */
export function listingMeta(
  matches: ReadonlyArray<MetaMatch>,
  page: { title: string; description: string; path: string; itemPaths: string[]; search: string },
) {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(page.title, page.description, { siteUrl, path: page.path }),
    itemList(page.itemPaths.map((path) => siteUrl + path)),
    ...feedAlternates(page.title, page.path.split("?")[0]!, page.search),
  ];
}

/** schema.org BreadcrumbList of a page's crumbs; the last crumb (the page itself) is `pageUrl`. */
export function breadcrumbList(siteUrl: string, crumbs: Array<{ label: string; to?: string }>, pageUrl: string) {
  return jsonLd({
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: crumb.to ? new URL(crumb.to, `${siteUrl}/`).toString() : pageUrl,
    })),
  });
}
