import { deals } from "#app/db/schema";
import { endOfDay, formatDate } from "#app/lib/dates";
import { discountPercentage } from "#app/lib/discount";
import { formatPrice } from "#app/lib/money";
import { timeAgo } from "#app/lib/relative-time";
import { refreshDealPrice } from "#app/modules/amazon/price-refresh.server";
import type { ContentType } from "#app/modules/content-types/content-type";
import { dealSchema, type DealInput } from "./deal.schema";
import { findPublicDealsByIds } from "./deals-public.server";
import { listDealsForAdmin } from "./deals.server";

type ListRow = Awaited<ReturnType<typeof listDealsForAdmin>>[number];

export const dealType: ContentType<DealInput, ListRow, typeof deals> = {
  key: "deal",
  entity: "deal",
  noun: { one: "deal", many: "deals" },
  segment: "deals",
  table: deals,
  titleColumn: deals.title,
  schema: dealSchema,
  // The discount is always computed here, never taken from a form.
  toRow: (input) => ({
    title: input.title,
    slug: input.slug,
    shortDescription: input.shortDescription,
    longDescription: input.longDescription ?? null,
    imageUrl: input.imageUrl,
    affiliateUrl: input.affiliateUrl,
    currentPrice: input.currentPrice,
    originalPrice: input.originalPrice ?? null,
    discountPercentage: discountPercentage(input.currentPrice, input.originalPrice),
    storeId: input.storeId,
    categoryId: input.categoryId ?? null,
    rating: input.rating ?? null,
    reviewCount: input.reviewCount ?? null,
    expiresAt: input.expiresAt ? endOfDay(input.expiresAt) : null,
    status: input.status,
    featured: input.featured,
    trackClicks: input.trackClicks,
    isHot: input.isHot,
    notes: input.notes ?? null,
    amazonAsin: input.amazonAsin ?? null,
  }),
  messages: {
    created: "Deal created successfully",
    updated: "Deal updated successfully",
    deleted: "Deal deleted successfully",
    saveFailed: "Failed to save deal",
    deleteFailed: "Failed to delete deal",
    loadFailed: "Failed to fetch deal details",
    inUse: (uses) => `This deal is used by ${uses}.`,
  },
  lifecycle: { status: deals.status },
  references: [
    { field: "storeId", column: deals.storeId, to: "store", notFound: "Store not found" },
    { field: "categoryId", column: deals.categoryId, to: "category", notFound: "Category not found" },
  ],
  embed: { label: "Deal", cards: findPublicDealsByIds },
  clickOut: { url: deals.affiliateUrl, trackClicks: deals.trackClicks },
  admin: {
    icon: "Zap",
    loading: "Loading deals...",
    title: "Deals",
    listHeading: (count) => `All Deals (${count})`,
    addLabel: "Add Deal",
    empty: { message: "No deals found", actionLabel: "Add Your First Deal" },
    form: "routes/admin/deals/deal-form.tsx",
    formTitles: { add: "Add Deal", edit: "Edit Deal", create: "Create Deal", update: "Update Deal" },
    columns: ["Deal", "Store", "Price", "Status", "Featured", "Created", "Amazon price"],
    list: listDealsForAdmin,
    row: (deal) => ({
      id: deal.id,
      label: deal.title,
      cells: [
        { kind: "title", text: deal.title },
        { kind: "text", text: deal.storeName },
        {
          kind: "price",
          current: formatPrice(deal.currentPrice),
          original: deal.originalPrice === null ? null : formatPrice(deal.originalPrice),
          discount: deal.originalPrice !== null && deal.discountPercentage !== null ? `${deal.discountPercentage}%` : null,
        },
        { kind: "status", status: deal.status },
        { kind: "featured", featured: deal.featured },
        { kind: "text", text: formatDate(deal.createdAt), tone: "muted" },
        deal.amazonAsin
          ? {
              kind: "intent",
              intent: "refresh",
              text: "Refresh now",
              busyText: "Refreshing...",
              note: `Amazon ${deal.amazonAsin} · ${deal.priceUpdatedAt ? `price refreshed ${timeAgo(deal.priceUpdatedAt)}` : "price never refreshed"}`,
              testId: "price-refreshed",
            }
          : { kind: "empty" },
      ],
    }),
    intents: [{ intent: "refresh", run: refreshDealPrice }],
    dashboard: { total: "Total Deals", published: "Published Deals", quickAction: "Add Deal" },
  },
};
