import { eq } from "drizzle-orm";

import { stores } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { type AdminRow, adminRows, storedColumns } from "#app/modules/content-types/paged.server";

import { maskApiConfig, restoreSecrets } from "./api-config-secrets";
import { storeFace } from "./store.face";
import { storeFields, type StoreInput, storeSchema } from "./store.schema";
import { storeHasLiveItems } from "./stores-public.server";

/** The admin list's rows: the stores as stored. */
const adminList = adminRows(stores, storedColumns(stores));

type ListRow = AdminRow<typeof adminList>;

export const storeType: ContentType<StoreInput, ListRow, typeof stores> = {
  ...storeFace,
  schema: storeSchema,
  toRow: (input) => formColumns(storeFields, input),
  // The form shows api_config secrets masked; where a mask comes back unchanged, the stored secret stays.
  forEdit: (row) => ({ ...row, apiConfig: maskApiConfig(row.apiConfig as Record<string, unknown>) }),
  async beforeUpdate(tx, id, row) {
    const [current] = await tx
      .select({ apiConfig: stores.apiConfig })
      .from(stores)
      .where(eq(stores.id, id))
      .for("update");
    if (!current) return undefined;
    return { ...row, apiConfig: restoreSecrets(row.apiConfig as Record<string, unknown>, current.apiConfig) };
  },
  inSitemapWhen: storeHasLiveItems,
  clickOut: { url: stores.affiliateUrl, storeId: stores.id },
  picture: stores.logoUrl,
  // api_config holds secrets: it stays out of files, and an import leaves it as it is.
  csv: { fields: storeFields, omit: ["apiConfig"], importBy: [stores.slug] },
  admin: {
    icon: "Store",
    title: "Stores",
    empty: { message: "No stores found", actionLabel: "Add Your First Store" },
    columns: [
      { heading: "Logo" },
      { heading: "Store", sort: { by: stores.name, isDefault: true } },
      { heading: "API type" },
      { heading: "Created", sort: { by: stores.createdAt, first: "desc" } },
    ],
    list: adminList,
    cells: (store) => [
      { kind: "image", src: store.logoUrl },
      { kind: "title", text: store.name, detail: `/${store.slug}` },
      { kind: "badge", text: store.apiType },
      { kind: "text", text: formatDate(store.createdAt), tone: "muted" },
    ],
  },
};
