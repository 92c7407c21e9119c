import { giftIdeas } from "#app/db/schema";
import { statusCell } from "#app/lib/admin-list";
import { formatDate } from "#app/lib/dates";
import { formatPrice } from "#app/lib/money";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { type AdminRow, adminRows, storedColumns } from "#app/modules/content-types/paged.server";

import { giftIdeaFace } from "./gift-idea.face";
import { giftIdeaFields, type GiftIdeaInput, giftIdeaSchema } from "./gift-idea.schema";
import { findPublicGiftIdeasByIds, type PublicGiftCard } from "./gift-ideas-public.server";

/** The admin list's rows, every status. */
const adminList = adminRows(giftIdeas, storedColumns(giftIdeas));

type ListRow = AdminRow<typeof adminList>;

export const giftIdeaType: ContentType<GiftIdeaInput, ListRow, typeof giftIdeas> = {
  ...giftIdeaFace,
  schema: giftIdeaSchema,
  // Total reviews default to 0, and an ASIN belongs to Amazon products only.
  toRow: (input) => ({
    ...formColumns(giftIdeaFields, input),
    amazonAsin: input.isAmazonProduct ? (input.amazonAsin ?? null) : null,
    totalReviews: input.totalReviews ?? 0,
  }),
  messages: { loadFailed: "Failed to fetch gift idea details" },
  embed: {
    label: "Gift Idea",
    cards: findPublicGiftIdeasByIds,
    chip: (gift: PublicGiftCard) => ({
      id: gift.id,
      label: gift.title,
      detail: gift.price === null ? undefined : formatPrice(gift.price),
      image: gift.imageUrl,
      url: gift.productUrl,
    }),
  },
  clickOut: { url: giftIdeas.productUrl, storeId: giftIdeas.storeId, recentClicks: giftIdeas.popularity },
  picture: giftIdeas.imageUrl,
  amazonFields: ["price", "imageUrl", "rating", "totalReviews"],
  csv: { fields: giftIdeaFields },
  admin: {
    icon: "Gift",
    title: "Gift Ideas Management",
    empty: { message: "No gift ideas found. Create your first gift idea collection!", actionLabel: "Add Gift Idea" },
    columns: [
      { heading: "Image" },
      { heading: "Title", sort: { by: giftIdeas.title } },
      { heading: "Slug" },
      { heading: "Description" },
      { heading: "Status" },
      { heading: "Featured" },
      { heading: "Created", sort: { by: giftIdeas.createdAt, first: "desc", isDefault: true } },
    ],
    list: adminList,
    cells: (gift) => [
      { kind: "image", src: gift.imageUrl },
      { kind: "title", text: gift.title },
      { kind: "text", text: gift.slug, tone: "muted" },
      { kind: "text", text: gift.description, tone: "muted" },
      statusCell(gift),
      { kind: "featured", featured: gift.featured },
      { kind: "text", text: formatDate(gift.createdAt), tone: "muted" },
    ],
    dashboard: { total: "Gift Ideas", quickAction: "Add Gift Idea" },
  },
};
