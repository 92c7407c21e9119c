import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, users } from "#app/db/schema";
import { attentionQueue } from "#app/modules/attention/attention.server";
import { readListParams } from "#app/modules/content-types/list-params";

import { actor, createValid, insertActor, insertStore, validForms } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { queryAdminList } from "./admin-list.server";
import { changeableRows, listedRows, mayChange, type Writer } from "./authorship.server";
import { runBulkAction } from "./bulk.server";
import { deleteContent, getForEdit, saveContent } from "./mutations.server";
import { contentType } from "./registry.server";

const contributor: Writer = {
  id: "00000000-0000-4000-8000-00000000c0de",
  email: "writer@example.com",
  role: "contributor",
};
const other: Writer = { id: "00000000-0000-4000-8000-00000000beef", email: "other@example.com", role: "contributor" };
const editor: Writer = { ...actor, role: "editor" };

const database = testDatabasePerFile(async (t) => {
  await insertActor(t.db);
  for (const person of [contributor, other]) {
    await t.db.insert(users).values({ id: person.id, email: person.email, name: person.email, role: person.role });
  }
});
const db = () => database().db;
const dealType = contentType("deal");

let made = 0;

/** A deal form's values, with a store of its own. */
async function dealForm(): Promise<Record<string, unknown>> {
  made += 1;
  const store = await insertStore(db(), `Shop ${made}`, `shop-${made}`);
  return { ...validForms.deal({ storeId: store.id }), title: `Deal ${made}`, slug: `deal-${made}`, status: "draft" };
}

/** A draft deal `writer` made through their form, submitted for review when asked. */
async function draftBy(writer: Writer, submit = false) {
  const input = await dealForm();
  const created = await saveAs(writer, undefined, input, submit);
  if (!created.ok) throw new Error(JSON.stringify(created));
  return { id: created.row.id, input };
}

const saveAs = (writer: Writer, id: string | undefined, input: unknown, submit = false) =>
  saveContent(dealType, db(), writer, id, dealType.schema.parse(input), {
    onlyIf: changeableRows(dealType, writer),
    submit,
  });

describe("a contributor's own drafts", () => {
  it("records who made a row, and lists a contributor's rows only to them", async () => {
    await createValid(db(), dealType);
    const created = await saveAs(contributor, undefined, { ...(await dealForm()), title: "By the writer" });
    expect(created.ok && created.row.authorId).toBe(contributor.id);

    const params = readListParams(new URLSearchParams(), []);
    const mine = await queryAdminList(dealType, db(), params, listedRows(dealType, contributor));
    expect(mine.rows.map((row) => row.label)).toEqual(["By the writer"]);
    expect((await queryAdminList(dealType, db(), params, listedRows(dealType, other))).total).toBe(0);
    expect((await queryAdminList(dealType, db(), params, listedRows(dealType, editor))).total).toBe(2);
  });

  it("changes a contributor's own draft, and refuses someone else's or a published one", async () => {
    const mine = await draftBy(contributor);
    const theirs = await draftBy(other);
    expect(await mayChange(dealType, db(), contributor, mine.id)).toBe(true);
    expect(await mayChange(dealType, db(), contributor, theirs.id)).toBe(false);
    expect((await saveAs(contributor, mine.id, { ...mine.input, title: "Mine, edited" })).ok).toBe(true);
    expect(await saveAs(contributor, theirs.id, { ...theirs.input, title: "Not mine" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await getForEdit(dealType, db(), theirs.id))!.title).not.toBe("Not mine");

    // Once an editor publishes it, the contributor's save can no longer unpublish it.
    expect((await saveAs(editor, mine.id, { ...mine.input, status: "published" })).ok).toBe(true);
    expect((await saveAs(contributor, mine.id, { ...mine.input, title: "Back to draft" })).ok).toBe(false);
    expect((await getForEdit(dealType, db(), mine.id))!.status).toBe("published");
  });

  it("deletes a contributor's own draft only", async () => {
    const mine = await draftBy(contributor);
    const theirs = await draftBy(other);
    const rows = changeableRows(dealType, contributor);
    expect(await deleteContent(dealType, db(), contributor, theirs.id, rows)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await getForEdit(dealType, db(), theirs.id)).not.toBeNull();
    expect(await deleteContent(dealType, db(), contributor, mine.id, rows)).toEqual({ ok: true });
  });
});

describe("review", () => {
  it("a submitted draft waits in Needs attention, named by its author, until an editor publishes it", async () => {
    const submitted = await draftBy(contributor, true);
    await draftBy(other);
    const waiting = await attentionQueue(db(), { reason: "review" });
    expect(waiting.rows.map((row) => [row.id, row.reasons])).toEqual([
      [submitted.id, [{ reason: "review", figure: 0, detail: contributor.email }]],
    ]);

    expect((await saveAs(editor, submitted.id, { ...submitted.input, status: "published" })).ok).toBe(true);
    expect((await attentionQueue(db(), { reason: "review" })).total).toBe(0);
    expect((await getForEdit(dealType, db(), submitted.id))!.submittedAt).toBeNull();
  });

  it("a bulk publish ends the review as a form's does: a later move back to draft does not bring it back", async () => {
    const submitted = await draftBy(contributor, true);
    await runBulkAction(dealType, db(), editor, "publish", eq(deals.id, submitted.id));
    await runBulkAction(dealType, db(), editor, "draft", eq(deals.id, submitted.id));
    expect((await attentionQueue(db(), { reason: "review" })).total).toBe(0);
  });
});
