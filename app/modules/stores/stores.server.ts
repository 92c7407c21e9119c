import { asc, count, eq } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { coupons, deals, giftIdeas, stores } from "#app/db/schema";
import { resolveSlug } from "#app/lib/validation";
import { deleteWithAudit, removeById, describeCounts, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import { maskApiConfig, restoreSecrets } from "./api-config-secrets";
import type { StoreInput } from "./store.schema";

const ENTITY = "store";

/** Admin list: every store by name, with secrets masked. */
export async function listStoresForAdmin(db: Executor) {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      slug: stores.slug,
      logoUrl: stores.logoUrl,
      apiType: stores.apiType,
      createdAt: stores.createdAt,
    })
    .from(stores)
    .orderBy(asc(stores.name));
  return rows;
}

/** Store choices for other forms (deals, coupons, gift ideas). */
export async function storeOptions(db: Executor) {
  return db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name));
}

/** One store for the edit form; api_config secrets come masked. */
export async function getStoreForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return row ? { ...row, apiConfig: maskApiConfig(row.apiConfig) } : null;
}

function values(input: StoreInput) {
  return {
    name: input.name,
    slug: resolveSlug(input.slug, input.name),
    logoUrl: input.logoUrl ?? null,
    seoTitle: input.seoTitle ?? null,
    seoDescription: input.seoDescription ?? null,
    apiType: input.apiType,
  };
}

export function createStore(db: Database, actor: Actor, input: StoreInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.name }, async (tx) => {
    const [row] = await tx.insert(stores).values({ ...values(input), apiConfig: input.apiConfig }).returning();
    return row;
  });
}

export function updateStore(db: Database, actor: Actor, id: string, input: StoreInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.name }, async (tx) => {
    const [current] = await tx.select({ apiConfig: stores.apiConfig }).from(stores).where(eq(stores.id, id)).for("update");
    if (!current) return undefined;
    const apiConfig = restoreSecrets(input.apiConfig, current.apiConfig);
    const [row] = await tx.update(stores).set({ ...values(input), apiConfig }).where(eq(stores.id, id)).returning();
    return row;
  });
}

/** What still uses a store, in words; null when nothing does. */
export async function storeDependents(db: Executor, id: string): Promise<string | null> {
  const [[d], [c], [g]] = await Promise.all([
    db.select({ n: count() }).from(deals).where(eq(deals.storeId, id)),
    db.select({ n: count() }).from(coupons).where(eq(coupons.storeId, id)),
    db.select({ n: count() }).from(giftIdeas).where(eq(giftIdeas.storeId, id)),
  ]);
  const used = describeCounts([
    [d?.n ?? 0, "deal", "deals"],
    [c?.n ?? 0, "coupon", "coupons"],
    [g?.n ?? 0, "gift idea", "gift ideas"],
  ]);
  return used ? `This store is used by ${used}. Move or delete them first.` : null;
}

export function deleteStore(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(stores, stores.name, id), () => storeDependents(db, id));
}

/** Stores for public filters: names and slugs only (api_config never leaves the server). */
export async function listPublicStores(db: Executor) {
  return db.select({ name: stores.name, slug: stores.slug }).from(stores).orderBy(asc(stores.name));
}
