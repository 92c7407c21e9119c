import { desc, eq } from "drizzle-orm";
import type { z } from "zod";

import type { Database } from "#app/db/client.server";
import { auditLog, clicks, deals, stores, users } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { listPage } from "#app/modules/catalogue/admin-list.server";
import type { TypeKey } from "#app/modules/catalogue/faces";
import { saveContent } from "#app/modules/catalogue/mutations.server";
import type { AnyContentType, ContentType } from "#app/modules/content-types/content-type";
import { readListParams } from "#app/modules/content-types/list-params";
import { titleColumnOf } from "#app/modules/content-types/words";

import { testDatabasePerFile } from "./test-database";

export const actor = { id: "00000000-0000-4000-8000-000000000001", email: "admin@example.com" };

/** The admin the audit rows point at (audit_log.actor_id references users). */
export async function insertActor(db: Database) {
  await db.insert(users).values({ id: actor.id, email: actor.email, name: "Admin" }).onConflictDoNothing();
}

/** The first page of a type's admin list as its query returns it, in the list's default order. */
export function firstListPage<Row>(
  type: { admin: Pick<ContentType<unknown, Row>["admin"], "list"> },
  db: Database,
): Promise<Row[]> {
  return type.admin.list(db, listPage(type as AnyContentType, readListParams(new URLSearchParams(), [])));
}

/** The messages a schema gives for this input, by field. */
export function messagesFor(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_form";
    (messages[key] ??= []).push(issue.message);
  }
  return messages;
}

/** A test database's start: the demo catalogue and the admin the audit rows name. */
export async function seedDemoWithActor(t: { db: Database }) {
  await seedDemoContent(t.db);
  await insertActor(t.db);
}

/**
 * A live, published deal copied from a stored published one (its store and category), under `title` with
 * a slug of its own, no Amazon ASIN and no end or schedule unless `values` say so.
 */
export async function insertDealLike(db: Database, title: string, values: Partial<typeof deals.$inferInsert> = {}) {
  const [template] = await db.select().from(deals).where(eq(deals.status, "published")).limit(1);
  const { id: _id, searchVector: _search, createdAt: _created, updatedAt: _updated, ...rest } = template!;
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const slug = `${words}-${Math.random().toString(36).slice(2, 8)}`;
  const [deal] = await db
    .insert(deals)
    .values({ ...rest, title, slug, amazonAsin: null, expiresAt: null, publishAt: null, ...values })
    .returning();
  return deal!;
}

export async function insertStore(db: Database, name = "Acme", slug = "acme") {
  const [store] = await db.insert(stores).values({ name, slug }).returning();
  return store!;
}

/** Audit rows, newest first, as "action entity title". */
export async function auditTrail(db: Database) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt));
  return rows.map((row) => [row.action, row.entity, row.detail?.title].filter(Boolean).join(" "));
}

/**
 * A valid form of each content type, as the browser would send it (before the schema), given the ids of
 * rows it must point at. The `satisfies` makes a new type fail to compile until it has one.
 */
export const validForms = {
  deal: (refs: { storeId: string }) => ({
    storeId: refs.storeId,
    title: "Wireless Headphones",
    shortDescription: "Great sound",
    imageUrl: "https://example.com/h.png",
    affiliateUrl: "https://example.com/h",
    currentPrice: 80,
    originalPrice: 100,
  }),
  coupon: (refs: { storeId: string }) => ({
    storeId: refs.storeId,
    title: "$50 off",
    description: "On orders over $200",
    discountValue: 50,
    discountType: "fixed",
  }),
  gift: () => ({
    title: "Cozy Socks",
    description: "Warm wool socks",
    productUrl: "https://example.com/socks",
    imageUrl: "https://example.com/socks.png",
    price: 19.99,
  }),
  guide: () => ({
    title: "Best Headphones",
    coverImageUrl: "https://example.com/cover.png",
    content: "<h2>Intro</h2><p>Pick wisely.</p>",
  }),
  store: () => ({ name: "Best Buy" }),
  category: () => ({ name: "Electronics" }),
} satisfies Record<TypeKey, (refs: { storeId: string }) => Record<string, unknown>>;

let made = 0;

/** Saves a valid row of a type (a title of its own, plus overrides), creating the store it needs. */
export async function createValid(db: Database, type: AnyContentType, overrides: Record<string, unknown> = {}) {
  made += 1;
  const store = await insertStore(db, `Store ${made}`, `store-${made}`);
  const form: Record<string, unknown> = validForms[type.key as TypeKey]({ storeId: store.id });
  const titleField = titleColumnOf(type).name;
  const input = type.schema.parse({ ...form, [titleField]: `${String(form[titleField])} ${made}`, ...overrides });
  const result = await saveContent(type, db, actor, undefined, input);
  if (!result.ok) throw new Error(`could not create a ${type.key}: ${JSON.stringify(result)}`);
  return result.row;
}

/**
 * A test file's kit for one content type: its database (emptied before each test, with the admin the
 * audit rows name and a store the type can point at), the type's valid form with overrides, and its save
 * as the admin's action does it (create without an id, update with one). Call at the file's top level.
 */
export function contentTypeKit(type: AnyContentType, store = { name: "Acme", slug: "acme" }) {
  let storeId = "";
  const database = testDatabasePerFile(async (t) => {
    await insertActor(t.db);
    storeId = (await insertStore(t.db, store.name, store.slug)).id;
  });
  const db = () => database().db;
  const form = (overrides: Record<string, unknown> = {}) => ({
    ...validForms[type.key as TypeKey]({ storeId }),
    ...overrides,
  });
  const save = (id: string | undefined, overrides: Record<string, unknown> = {}) =>
    saveContent(type, db(), actor, id, type.schema.parse(form(overrides)));
  return { db, form, save };
}

/** A click-out on a published deal (its store copied in, as /go copies it), with `values` besides. */
export async function clickOnADeal(db: Database, values: Partial<typeof clicks.$inferInsert> = {}) {
  const [deal] = await db.select().from(deals).where(eq(deals.status, "published")).limit(1);
  const [click] = await db
    .insert(clicks)
    .values({ kind: "deal", itemId: deal!.id, storeId: deal!.storeId, categoryId: deal!.categoryId, ...values })
    .returning();
  return { click: click!, deal: deal! };
}

/** A file's text as the bytes an upload yields. */
export async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}
