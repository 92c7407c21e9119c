import { buyingGuides } from "#app/db/schema";
import { statusCell } from "#app/lib/admin-list";
import { fromEditorHtml } from "#app/lib/content-tokens";
import { formatDate } from "#app/lib/dates";
import { isBlankHtml } from "#app/lib/html-text";
import { guidePath } from "#app/lib/public-paths";
import { formColumns } from "#app/lib/validation";
import { sanitizeRichText } from "#app/modules/content/safe-html.server";
import type { ContentType } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import { type AdminRow, adminRows } from "#app/modules/content-types/paged.server";

import { buyingGuideFace } from "./buying-guide.face";
import { buyingGuideFields, type BuyingGuideInput, buyingGuideSchema } from "./buying-guide.schema";
import { guideCardColumns } from "./buying-guides-public.server";

/** The admin list's rows: a guide's card with its state (not its content, which can be long). */
const adminList = adminRows(buyingGuides, {
  ...guideCardColumns,
  status: buyingGuides.status,
  publishAt: buyingGuides.publishAt,
  unpublishAt: buyingGuides.unpublishAt,
});

type ListRow = AdminRow<typeof adminList>;

export const buyingGuideType: ContentType<BuyingGuideInput, ListRow, typeof buyingGuides> = {
  ...buyingGuideFace,
  schema: buyingGuideSchema,
  // The content is sanitised here, on every save, whatever the form sent (chips the editor left in go
  // back to tokens first).
  toRow: (input) => {
    const content = sanitizeRichText(fromEditorHtml(input.content));
    if (isBlankHtml(content)) throw new FieldErrors({ content: ["Content is required"] });
    return { ...formColumns(buyingGuideFields, input), content };
  },
  tokensIn: "content",
  picture: buyingGuides.coverImageUrl,
  csv: { fields: buyingGuideFields },
  admin: {
    icon: "BookOpen",
    title: "Buying Guides Management",
    addLabel: "Add Guide",
    formTitles: { add: "Create Buying Guide", create: "Create Guide", update: "Update Guide" },
    empty: { message: "No buying guides found", actionLabel: "Create Your First Guide" },
    columns: [
      { heading: "Cover" },
      { heading: "Guide", sort: { by: buyingGuides.title } },
      { heading: "Status" },
      { heading: "Featured" },
      { heading: "Created", sort: { by: buyingGuides.createdAt, first: "desc", isDefault: true } },
      { heading: "Read time" },
      { heading: "Page" },
    ],
    list: adminList,
    cells: (guide) => [
      { kind: "image", src: guide.coverImageUrl },
      { kind: "title", text: guide.title, detail: guide.excerpt ?? undefined },
      statusCell(guide),
      { kind: "featured", featured: guide.featured },
      { kind: "text", text: formatDate(guide.createdAt), tone: "muted" },
      guide.readTime ? { kind: "text", text: `${guide.readTime} min read`, tone: "muted" } : { kind: "empty" },
      // The public page exists only while the guide is published.
      guide.status === "published" ? { kind: "link", to: guidePath(guide), text: "View" } : { kind: "empty" },
    ],
    dashboard: { total: "Buying Guides" },
  },
};
