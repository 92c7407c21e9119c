import { buyingGuides } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import { isBlankHtml } from "#app/lib/html-text";
import type { ContentType } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import { sanitizeRichText } from "#app/modules/content/safe-html.server";
import { buyingGuideSchema, type BuyingGuideInput } from "./buying-guide.schema";
import { listGuidesForAdmin } from "./buying-guides.server";

const guidePath = (row: { slug: string }) => `/buying-guides/${row.slug}`;

type ListRow = Awaited<ReturnType<typeof listGuidesForAdmin>>[number];

export const buyingGuideType: ContentType<BuyingGuideInput, ListRow, typeof buyingGuides> = {
  key: "guide",
  entity: "buying_guide",
  noun: { one: "buying guide", many: "buying guides" },
  segment: "buying-guides",
  table: buyingGuides,
  titleColumn: buyingGuides.title,
  schema: buyingGuideSchema,
  // The content is sanitised here, on every save, whatever the form sent.
  toRow: (input) => {
    const content = sanitizeRichText(input.content);
    if (isBlankHtml(content)) throw new FieldErrors({ content: ["Content is required"] });
    return {
      title: input.title,
      slug: input.slug,
      excerpt: input.excerpt ?? null,
      content,
      coverImageUrl: input.coverImageUrl,
      categoryId: input.categoryId ?? null,
      readTime: input.readTime ?? null,
      tags: input.tags,
      status: input.status,
      featured: input.featured,
    };
  },
  messages: {
    created: "Buying guide created successfully",
    updated: "Buying guide updated successfully",
    deleted: "Buying guide deleted successfully",
    saveFailed: "Failed to save buying guide",
    deleteFailed: "Failed to delete buying guide",
    loadFailed: "Failed to fetch buying guide",
    inUse: (uses) => `This buying guide is used by ${uses}.`,
  },
  lifecycle: { status: buyingGuides.status },
  references: [{ field: "categoryId", column: buyingGuides.categoryId, to: "category", notFound: "Category not found" }],
  publicPath: guidePath,
  admin: {
    icon: "BookOpen",
    loading: "Loading buying guides...",
    title: "Buying Guides Management",
    listHeading: (count) => `All Buying Guides (${count})`,
    addLabel: "Add Guide",
    empty: { message: "No buying guides found", actionLabel: "Create Your First Guide" },
    form: "routes/admin/buying-guides/buying-guide-form.tsx",
    formTitles: { add: "Create Buying Guide", edit: "Edit Buying Guide", create: "Create Guide", update: "Update Guide" },
    columns: ["Cover", "Guide", "Status", "Featured", "Created", "Read time", "Page"],
    list: listGuidesForAdmin,
    row: (guide) => ({
      id: guide.id,
      label: guide.title,
      cells: [
        { kind: "image", src: guide.coverImageUrl },
        { kind: "title", text: guide.title, detail: guide.excerpt ?? undefined },
        { kind: "status", status: guide.status },
        { kind: "featured", featured: guide.featured },
        { kind: "text", text: formatDate(guide.createdAt), tone: "muted" },
        guide.readTime ? { kind: "text", text: `${guide.readTime} min read`, tone: "muted" } : { kind: "empty" },
        // The public page exists only while the guide is published.
        guide.status === "published" ? { kind: "link", to: guidePath(guide), text: "View" } : { kind: "empty" },
      ],
    }),
    dashboard: { total: "Buying Guides" },
  },
};
