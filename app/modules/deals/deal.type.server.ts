import { deals, referencedColumn, stores } from "#app/db/schema";
import { statusCell } from "#app/lib/admin-list";
import { endOfDay, formatDate } from "#app/lib/dates";
import { discountPercentage } from "#app/lib/discount";
import { formatPrice } from "#app/lib/money";
import { timeAgo } from "#app/lib/relative-time";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { type AdminRow, adminRows, storedColumns } from "#app/modules/content-types/paged.server";

import { dealFace } from "./deal.face";
import { dealFields, type DealInput, dealSchema } from "./deal.schema";
import { findPublicDealsByIds, type PublicDeal } from "./deals-public.server";

/** The admin list's rows, every status, with the store's name. */
const adminList = adminRows(deals, {
  ...storedColumns(deals),
  storeName: referencedColumn<string>(deals.storeId, stores, stores.name),
});

type ListRow = AdminRow<typeof adminList>;

export const dealType: ContentType<DealInput, ListRow, typeof deals> = {
  ...dealFace,
  schema: dealSchema,
  // The discount is always computed here, never taken from a form.
  toRow: (input) => ({
    ...formColumns(dealFields, input),
    discountPercentage: discountPercentage(input.currentPrice, input.originalPrice),
    expiresAt: input.expiresAt ? endOfDay(input.expiresAt) : null,
  }),
  messages: { loadFailed: "Failed to fetch deal details" },
  lastChangedBy: [deals.updatedAt, deals.priceUpdatedAt],
  embed: {
    label: "Deal",
    cards: findPublicDealsByIds,
    chip: (deal: PublicDeal) => ({
      id: deal.id,
      label: deal.title,
      detail: `${deal.storeName} · ${formatPrice(deal.currentPrice)}`,
      image: deal.imageUrl,
      url: deal.affiliateUrl,
    }),
  },
  clickOut: {
    url: deals.affiliateUrl,
    trackClicks: deals.trackClicks,
    storeId: deals.storeId,
    categoryId: deals.categoryId,
    recentClicks: deals.popularity,
  },
  picture: deals.imageUrl,
  amazonFields: ["currentPrice", "originalPrice", "referencePriceKind", "imageUrl", "rating", "reviewCount"],
  csv: { fields: dealFields, importBy: [deals.amazonAsin, deals.slug] },
  admin: {
    icon: "Zap",
    title: "Deals",
    empty: { message: "No deals found", actionLabel: "Add Your First Deal" },
    columns: [
      { heading: "Deal", sort: { by: deals.title } },
      { heading: "Store" },
      { heading: "Price", sort: { by: deals.currentPrice } },
      { heading: "Status" },
      { heading: "Featured" },
      { heading: "Created", sort: { by: deals.createdAt, first: "desc", isDefault: true } },
      { heading: "Amazon price" },
    ],
    list: adminList,
    search: { equals: [deals.amazonAsin] },
    cells: (deal) => [
      { kind: "title", text: deal.title },
      { kind: "text", text: deal.storeName },
      {
        kind: "price",
        current: formatPrice(deal.currentPrice),
        original: deal.originalPrice === null ? null : formatPrice(deal.originalPrice),
        discount:
          deal.originalPrice !== null && deal.discountPercentage !== null ? `${deal.discountPercentage}%` : null,
      },
      statusCell(deal, { endsAt: deal.expiresAt }),
      { kind: "featured", featured: deal.featured },
      { kind: "text", text: formatDate(deal.createdAt), tone: "muted" },
      deal.amazonAsin
        ? {
            kind: "intent",
            intent: "refresh",
            text: "Refresh now",
            busyText: "Refreshing...",
            icon: "refresh",
            note: `Amazon ${deal.amazonAsin} · ${deal.priceUpdatedAt ? `price refreshed ${timeAgo(deal.priceUpdatedAt)}` : "price never refreshed"}`,
            testId: "price-refreshed",
          }
        : { kind: "empty" },
    ],
    // The price read is Amazon's business: it reaches the deal through the request context.
    intents: [{ intent: "refresh", run: (services, id, actor) => services.refreshDealPrice(id, actor) }],
    dashboard: { total: "Total Deals", published: "Published Deals", quickAction: "Add Deal" },
  },
};
