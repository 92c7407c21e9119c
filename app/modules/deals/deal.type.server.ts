import { desc, eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { deals, stores } from "#app/db/schema";
import { endOfDay, formatDate } from "#app/lib/dates";
import { discountPercentage } from "#app/lib/discount";
import { formatPrice } from "#app/lib/money";
import { timeAgo } from "#app/lib/relative-time";
import { refreshDealPrice } from "#app/modules/amazon/price-refresh.server";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { dealFields, dealSchema, type DealInput } from "./deal.schema";
import { findPublicDealsByIds } from "./deals-public.server";

export const dealType: ContentType<DealInput, ListRow, typeof deals> = {
  key: "deal",
  noun: { one: "deal", many: "deals" },
  table: deals,
  schema: dealSchema,
  // The discount is always computed here, never taken from a form.
  toRow: (input) => ({
    ...formColumns(dealFields, input),
    discountPercentage: discountPercentage(input.currentPrice, input.originalPrice),
    expiresAt: input.expiresAt ? endOfDay(input.expiresAt) : null,
  }),
  messages: { loadFailed: "Failed to fetch deal details" },
  references: [{ field: "storeId", to: "store" }, { field: "categoryId", to: "category" }],
  embed: { label: "Deal", cards: findPublicDealsByIds },
  clickOut: { url: deals.affiliateUrl, trackClicks: deals.trackClicks },
  admin: {
    icon: "Zap",
    title: "Deals",
    empty: { message: "No deals found", actionLabel: "Add Your First Deal" },
    form: "routes/admin/deals/deal-form.tsx",
    columns: ["Deal", "Store", "Price", "Status", "Featured", "Created", "Amazon price"],
    list: listForAdmin,
    cells: (deal) => [
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
    intents: [{ intent: "refresh", run: refreshDealPrice }],
    dashboard: { total: "Total Deals", published: "Published Deals", quickAction: "Add Deal" },
  },
};

/** Admin list, newest first, every status. */
async function listForAdmin(db: Executor) {
  return db
    .select({
      id: deals.id,
      title: deals.title,
      currentPrice: deals.currentPrice,
      originalPrice: deals.originalPrice,
      discountPercentage: deals.discountPercentage,
      status: deals.status,
      featured: deals.featured,
      amazonAsin: deals.amazonAsin,
      priceUpdatedAt: deals.priceUpdatedAt,
      createdAt: deals.createdAt,
      storeName: stores.name,
    })
    .from(deals)
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(desc(deals.createdAt));
}

type ListRow = Awaited<ReturnType<typeof listForAdmin>>[number];
