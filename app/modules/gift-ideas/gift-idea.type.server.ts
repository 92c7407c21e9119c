import { giftIdeas } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import type { ContentType } from "#app/modules/content-types/content-type";
import { giftIdeaSchema, type GiftIdeaInput } from "./gift-idea.schema";
import { findPublicGiftIdeasByIds } from "./gift-ideas-public.server";
import { listGiftIdeasForAdmin } from "./gift-ideas.server";

type ListRow = Awaited<ReturnType<typeof listGiftIdeasForAdmin>>[number];

export const giftIdeaType: ContentType<GiftIdeaInput, ListRow, typeof giftIdeas> = {
  key: "gift",
  entity: "gift_idea",
  noun: { one: "gift idea", many: "gift ideas" },
  segment: "gift-ideas",
  table: giftIdeas,
  titleColumn: giftIdeas.title,
  schema: giftIdeaSchema,
  // An empty rating is no rating, total reviews default to 0, and an ASIN belongs to Amazon products only.
  toRow: (input) => ({
    title: input.title,
    slug: input.slug,
    description: input.description,
    longDescription: input.longDescription ?? null,
    productUrl: input.productUrl,
    imageUrl: input.imageUrl,
    additionalImages: input.additionalImages,
    isAmazonProduct: input.isAmazonProduct,
    amazonAsin: input.isAmazonProduct ? (input.amazonAsin ?? null) : null,
    storeId: input.storeId ?? null,
    price: input.price,
    rating: input.rating ?? null,
    totalReviews: input.totalReviews ?? 0,
    primeEligible: input.primeEligible,
    tags: input.tags,
    occasion: input.occasion ?? null,
    audienceType: input.audienceType ?? null,
    showInGiftGuide: input.showInGiftGuide,
    status: input.status,
    featured: input.featured,
    adminNotes: input.adminNotes ?? null,
  }),
  messages: {
    created: "Gift idea created successfully",
    updated: "Gift idea updated successfully",
    deleted: "Gift idea deleted successfully",
    saveFailed: "Failed to save gift idea",
    deleteFailed: "Failed to delete gift idea",
    loadFailed: "Failed to fetch gift idea details",
    inUse: (uses) => `This gift idea is used by ${uses}.`,
  },
  lifecycle: { status: giftIdeas.status },
  references: [{ field: "storeId", column: giftIdeas.storeId, to: "store", notFound: "Store not found" }],
  publicPath: (row) => `/gift-ideas/${row.slug}`,
  embed: { label: "Gift Idea", cards: findPublicGiftIdeasByIds },
  clickOut: { url: giftIdeas.productUrl },
  admin: {
    icon: "Gift",
    loading: "Loading gift ideas...",
    title: "Gift Ideas Management",
    listHeading: (count) => `All Gift Ideas (${count})`,
    addLabel: "Add Gift Idea",
    empty: { message: "No gift ideas found. Create your first gift idea collection!", actionLabel: "Add Gift Idea" },
    form: "routes/admin/gift-ideas/gift-idea-form.tsx",
    formTitles: { add: "Add Gift Idea", edit: "Edit Gift Idea", create: "Create Gift Idea", update: "Update Gift Idea" },
    columns: ["Image", "Title", "Slug", "Description", "Status", "Featured", "Created"],
    list: listGiftIdeasForAdmin,
    row: (gift) => ({
      id: gift.id,
      label: gift.title,
      cells: [
        { kind: "image", src: gift.imageUrl },
        { kind: "title", text: gift.title },
        { kind: "text", text: gift.slug, tone: "muted" },
        { kind: "text", text: gift.description, tone: "muted" },
        { kind: "status", status: gift.status },
        { kind: "featured", featured: gift.featured },
        { kind: "text", text: formatDate(gift.createdAt), tone: "muted" },
      ],
    }),
    dashboard: { total: "Gift Ideas", quickAction: "Add Gift Idea" },
  },
};
