import { eq } from "drizzle-orm";
import { stores } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import type { ContentType } from "#app/modules/content-types/content-type";
import { maskApiConfig, restoreSecrets } from "./api-config-secrets";
import { storeSchema, type StoreInput } from "./store.schema";
import { listStoresForAdmin } from "./stores.server";

type ListRow = Awaited<ReturnType<typeof listStoresForAdmin>>[number];

export const storeType: ContentType<StoreInput, ListRow, typeof stores> = {
  key: "store",
  entity: "store",
  noun: { one: "store", many: "stores" },
  segment: "stores",
  table: stores,
  titleColumn: stores.name,
  schema: storeSchema,
  toRow: (input) => ({
    name: input.name,
    slug: input.slug,
    logoUrl: input.logoUrl ?? null,
    seoTitle: input.seoTitle ?? null,
    seoDescription: input.seoDescription ?? null,
    apiType: input.apiType,
    apiConfig: input.apiConfig,
  }),
  // The form shows api_config secrets masked; where a mask comes back unchanged, the stored secret stays.
  forEdit: (row) => ({ ...row, apiConfig: maskApiConfig(row.apiConfig as Record<string, unknown>) }),
  async beforeUpdate(tx, id, row) {
    const [current] = await tx.select({ apiConfig: stores.apiConfig }).from(stores).where(eq(stores.id, id)).for("update");
    if (!current) return undefined;
    return { ...row, apiConfig: restoreSecrets(row.apiConfig as Record<string, unknown>, current.apiConfig) };
  },
  messages: {
    created: "Store created successfully",
    updated: "Store updated successfully",
    deleted: "Store deleted successfully",
    saveFailed: "Failed to save store",
    deleteFailed: "Failed to delete store",
    loadFailed: "Failed to fetch store",
    inUse: (uses) => `This store is used by ${uses}. Move or delete them first.`,
  },
  admin: {
    icon: "Store",
    loading: "Loading stores...",
    title: "Stores",
    listHeading: (count) => `All Stores (${count})`,
    addLabel: "Add Store",
    empty: { message: "No stores found", actionLabel: "Add Your First Store" },
    form: "routes/admin/stores/store-form.tsx",
    formTitles: { add: "Add Store", edit: "Edit Store", create: "Create Store", update: "Update Store" },
    columns: ["Logo", "Store", "API type", "Created"],
    list: listStoresForAdmin,
    row: (store) => ({
      id: store.id,
      label: store.name,
      cells: [
        { kind: "image", src: store.logoUrl },
        { kind: "title", text: store.name, detail: `/${store.slug}` },
        { kind: "badge", text: store.apiType },
        { kind: "text", text: formatDate(store.createdAt), tone: "muted" },
      ],
    }),
  },
};
