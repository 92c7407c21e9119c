import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, stores } from "#app/db/schema";
import type { TypeKey } from "#app/modules/catalogue/faces";
import { entityOf, notFoundMessage, titleColumnOf } from "#app/modules/content-types/words";

import { actor, auditTrail, createValid, insertActor, messagesFor, validForms } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { deleteContent, getForEdit, saveContent } from "./mutations.server";
import { contentType, contentTypes, type RegisteredType } from "./registry.server";

// What every content type does the same way, proved once per type in the registry.

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const missing = "00000000-0000-4000-8000-00000000dead";
const byKey = contentTypes.map((type) => [type.key, type] as const);
const withSlug = byKey.filter(([, type]) => "slug" in type.table);
const referenced = byKey.filter(([, type]) =>
  contentTypes.some((other) => other.references?.some((reference) => reference.to === type.key)),
);
const references = contentTypes.flatMap((type) =>
  (type.references ?? []).map((reference) => [`${type.key}.${reference.field}`, type, reference] as const),
);

async function auditCount() {
  const [row] = await db().select({ n: count() }).from(auditLog);
  return row!.n;
}

const inputOf = async (type: RegisteredType, overrides: Record<string, unknown> = {}) => {
  const [store] = await db().select({ id: stores.id }).from(stores).limit(1);
  const storeId = store?.id ?? (await db().insert(stores).values({ name: "Acme", slug: "acme" }).returning())[0]!.id;
  return type.schema.parse({ ...validForms[type.key]({ storeId }), ...overrides });
};

/** The spec's message at each required field of an empty form. */
const requiredMessages = {
  deal: {
    storeId: ["Store is required"],
    title: ["Title is required"],
    shortDescription: ["Short description is required"],
    imageUrl: ["Image URL is required"],
    affiliateUrl: ["Affiliate URL is required"],
    currentPrice: ["Current price is required"],
  },
  coupon: {
    title: ["Title is required"],
    description: ["Description is required"],
    storeId: ["Store is required"],
    discountValue: ["Discount value is required"],
  },
  gift: {
    title: ["Title is required"],
    description: ["Short description is required"],
    productUrl: ["Product URL is required"],
    imageUrl: ["Image URL is required"],
    price: ["Price is required"],
  },
  guide: { title: ["Title is required"], coverImageUrl: ["Cover image is required"], content: ["Content is required"] },
  store: { name: ["Store name is required"] },
  category: { name: ["Category name is required"] },
} satisfies Record<TypeKey, Record<string, string[]>>;

describe.each(byKey)("%s", (key, type) => {
  it("refuses an empty form with the spec's messages at its required fields", () => {
    expect(messagesFor(type.schema, {})).toMatchObject(requiredMessages[key]);
  });

  it("creates and updates with one audit row each, committed with the change", async () => {
    const row = await createValid(db(), type);
    const title = String(row[titleColumnOf(type).name]);
    expect(await auditTrail(db())).toEqual([`create ${entityOf(type)} ${title}`]);
    expect(await saveContent(type, db(), actor, row.id, await inputOf(type))).toMatchObject({ ok: true });
    expect((await auditTrail(db()))[0]).toMatch(new RegExp(`^update ${entityOf(type)} `));
    expect(await getForEdit(type, db(), row.id)).toMatchObject({ id: row.id });
  });

  it("answers an edit of a row deleted meanwhile as not found, writing nothing", async () => {
    const before = await auditCount();
    expect(await saveContent(type, db(), actor, missing, await inputOf(type))).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await deleteContent(type, db(), actor, missing)).toEqual({ ok: false, reason: "not-found" });
    expect(await auditCount()).toBe(before);
  });

  it("refuses a save of a form read before someone else's save, naming them and what differs, writing nothing", async () => {
    const row = await createValid(db(), type);
    // My form read the row before their save: a millisecond before it was made, the resolution forms carry.
    const readAt = new Date((row.updatedAt as Date).getTime() - 1);
    const title = titleColumnOf(type).name;
    const theirs = await inputOf(type, { [title]: "Their title" });
    expect(await saveContent(type, db(), actor, row.id, theirs)).toMatchObject({ ok: true });
    const before = await auditCount();
    const mine = await inputOf(type, { [title]: "My title" });
    const refused = await saveContent(type, db(), actor, row.id, mine, { unchangedSince: readAt });
    expect(refused).toMatchObject({ ok: false, reason: "conflict", savedBy: actor.email });
    // Only what a person typed: the slug, made from the title on both sides, follows it unlisted.
    expect(refused.ok === false && refused.reason === "conflict" ? refused.differs : []).toEqual([
      { field: title, theirs: "Their title" },
    ]);
    expect(await getForEdit(type, db(), row.id)).toMatchObject({ [title]: "Their title" });
    expect(await auditCount()).toBe(before);
  });

  it("deletes with an audit row", async () => {
    const row = await createValid(db(), type);
    expect(await deleteContent(type, db(), actor, row.id)).toEqual({ ok: true });
    expect(await getForEdit(type, db(), row.id)).toBeNull();
    expect((await auditTrail(db()))[0]).toBe(`delete ${entityOf(type)} ${String(row[titleColumnOf(type).name])}`);
  });
});

describe.each(withSlug)("%s slugs", (_key, type) => {
  it("lets one of two saves racing for a slug win; the other hears 'Slug already in use' and writes nothing", async () => {
    const input = await inputOf(type, { slug: "the-same-slug" });
    const before = await auditCount();
    const results = await Promise.all([
      saveContent(type, db(), actor, undefined, input),
      saveContent(type, db(), actor, undefined, input),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { slug: ["Slug already in use"] },
    });
    expect(await auditCount()).toBe(before + 1);
  });
});

describe.each(references)("the reference %s", (_name, type, reference) => {
  it("answers a row that does not exist with its field error, writing nothing", async () => {
    const before = await auditCount();
    expect(
      await saveContent(type, db(), actor, undefined, await inputOf(type, { [reference.field]: missing })),
    ).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { [reference.field]: [notFoundMessage(reference)] },
    });
    expect(await auditCount()).toBe(before);
  });
});

describe.each(referenced)("deleting a %s that others use", (_key, type) => {
  it("is refused, naming what uses it, until they are gone", async () => {
    const target = await createValid(db(), type);
    const users = contentTypes.flatMap((other) =>
      (other.references ?? []).filter((r) => r.to === type.key).map((r) => ({ other, r })),
    );
    const dependents = [];
    for (const { other, r } of users)
      dependents.push({ other, row: await createValid(db(), other, { [r.field]: target.id }) });
    const refused = await deleteContent(type, db(), actor, target.id);
    expect(refused).toMatchObject({ ok: false, reason: "in-use" });
    const message = !refused.ok && refused.reason === "in-use" ? refused.message : "";
    for (const { other, r } of users) expect(message).toContain(`1 ${(r.dependentNoun ?? other.noun).one}`);
    expect(await getForEdit(type, db(), target.id)).not.toBeNull();
    for (const { other, row } of dependents) await deleteContent(other, db(), actor, row.id);
    expect(await deleteContent(type, db(), actor, target.id)).toEqual({ ok: true });
  });
});

it("names a store's dependents the way the admin reads them", async () => {
  const store = await createValid(db(), contentType("store"));
  await createValid(db(), contentType("deal"), { storeId: store.id });
  await createValid(db(), contentType("coupon"), { storeId: store.id });
  expect(await deleteContent(contentType("store"), db(), actor, store.id)).toEqual({
    ok: false,
    reason: "in-use",
    message: "This store is used by 1 deal and 1 coupon. Move or delete them first.",
  });
});
