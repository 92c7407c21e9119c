import type { Executor } from "#app/db/client.server";
import { categoryPath, storePath } from "#app/lib/public-paths";
import { buyingGuideFace } from "#app/modules/buying-guides/buying-guide.face";
import { GUIDES_PER_PAGE, listPublicGuides } from "#app/modules/buying-guides/buying-guides-public.server";
import { readCategoryPage } from "#app/modules/categories/category-page.server";
import { type Teased, teaserOf } from "#app/modules/content-types/teaser";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { COUPONS_PER_PAGE } from "#app/modules/coupons/coupon-filters";
import { parseCouponFilters } from "#app/modules/coupons/coupon-filters.server";
import { listPublicCoupons, type PublicCoupon } from "#app/modules/coupons/coupons-public.server";
import { dealFace } from "#app/modules/deals/deal.face";
import { DEALS_PER_PAGE } from "#app/modules/deals/deal-filters";
import { parseDealFilters } from "#app/modules/deals/deal-filters.server";
import { listPublicDeals, type PublicDeal } from "#app/modules/deals/deals-public.server";
import { giftIdeaFace } from "#app/modules/gift-ideas/gift-idea.face";
import { GIFTS_PER_PAGE, listPublicGiftIdeas } from "#app/modules/gift-ideas/gift-ideas-public.server";
import { searchQueryOf } from "#app/modules/search/search-query";
import { readStorePage } from "#app/modules/stores/store-page.server";

// What each list's feed holds: the items of the list's first page for the same filters, read by the same
// functions as the page, each linking to DealDash's own page for it (never to a retailer).

export interface FeedEntry {
  /** The item's id: its GUID, stable while its title, slug or price change. */
  id: string;
  title: string;
  /** DealDash's page for the item. */
  path: string;
  /** Its teaser's line (price or discount and store), then the item's own description. */
  summary: string;
  date: Date;
}

export interface ListFeed {
  title: string;
  description: string;
  /** The list page the feed follows. */
  pagePath: string;
  entries: FeedEntry[];
}

const when = (value: Date | string) => new Date(value);

/** A card of a list as a feed entry: its type's teaser, then its own description. */
function entryOf<Row extends { id: string }>(
  face: Teased<Row>,
  row: Row,
  description: string | null,
  date: Date | string,
): FeedEntry {
  const { id, title, path, summary } = teaserOf(face, row);
  return { id, title, path, summary: [summary, description].filter(Boolean).join(" · "), date: when(date) };
}

const dealEntry = (deal: PublicDeal) => entryOf(dealFace, deal, deal.shortDescription, deal.createdAt);
const couponEntry = (coupon: PublicCoupon) => entryOf(couponFace, coupon, coupon.description, coupon.createdAt);

type ListReader = (db: Executor, params: URLSearchParams, slug: string) => Promise<ListFeed | null>;

const lists: Array<{ path: RegExp; read: ListReader }> = [
  {
    path: /^\/deal-dashes$/,
    async read(db, params) {
      const filters = parseDealFilters(params);
      const { deals } = await listPublicDeals(db, { ...filters, ids: filters.saved, limit: DEALS_PER_PAGE });
      return {
        title: filters.search ? `Deals for "${filters.search}"` : "Deal Dashes",
        description: "The hottest deals on DealDash.",
        pagePath: "/deal-dashes",
        entries: deals.map(dealEntry),
      };
    },
  },
  {
    path: /^\/coupons$/,
    async read(db, params) {
      const filters = parseCouponFilters(params);
      const { coupons } = await listPublicCoupons(db, {
        search: filters.search,
        store: filters.store,
        showExpired: Boolean(filters.expired),
        limit: COUPONS_PER_PAGE,
      });
      return {
        title: "Coupons",
        description: "The latest coupon codes and offers on DealDash.",
        pagePath: "/coupons",
        entries: coupons.map(couponEntry),
      };
    },
  },
  {
    path: /^\/stores\/([a-z0-9-]{1,120})$/,
    async read(db, _params, slug) {
      const page = await readStorePage(db, slug);
      if (!page) return null;
      const entries = [...page.liveCoupons.map(couponEntry), ...page.deals.map(dealEntry)].sort(
        (a, b) => b.date.getTime() - a.date.getTime(),
      );
      return {
        title: `${page.store.name} Coupons & Deals`,
        description: `${page.store.name} coupons and deals on DealDash.`,
        pagePath: storePath(page.store),
        entries,
      };
    },
  },
  {
    path: /^\/categories\/([a-z0-9-]{1,120})$/,
    async read(db, _params, slug) {
      const page = await readCategoryPage(db, slug);
      if (!page) return null;
      return {
        title: `${page.category.name} Deals`,
        description: `${page.category.name} deals on DealDash.`,
        pagePath: categoryPath(page.category),
        entries: page.deals.map(dealEntry),
      };
    },
  },
  {
    path: /^\/buying-guides$/,
    async read(db, params) {
      const category = /^[a-z0-9-]{1,120}$/.test(params.get("category") ?? "") ? params.get("category")! : undefined;
      const { guides } = await listPublicGuides(db, {
        category,
        search: searchQueryOf(params, "search"),
        limit: GUIDES_PER_PAGE,
      });
      return {
        title: "Buying Guides",
        description: "DealDash's buying guides.",
        pagePath: "/buying-guides",
        entries: guides.map((guide) => entryOf(buyingGuideFace, guide, null, guide.updatedAt)),
      };
    },
  },
  {
    path: /^\/gift-ideas$/,
    async read(db) {
      const gifts = await listPublicGiftIdeas(db, { limit: GIFTS_PER_PAGE });
      return {
        title: "Gift Ideas",
        description: "Curated gift ideas on DealDash.",
        pagePath: "/gift-ideas",
        entries: gifts.map((gift) => entryOf(giftIdeaFace, gift, gift.description, gift.updatedAt)),
      };
    },
  },
];

/** The feed of the public list at `pagePath` with the list's query, or null when there is no such list. */
export async function readListFeed(db: Executor, pagePath: string, params: URLSearchParams): Promise<ListFeed | null> {
  for (const list of lists) {
    const match = list.path.exec(pagePath);
    if (match) return list.read(db, params, match[1] ?? "");
  }
  return null;
}
