import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, deals, previewLinks } from "#app/db/schema";
import { findPublicGuideBySlug } from "#app/modules/buying-guides/buying-guides-public.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import { findPublicDealBySlug } from "#app/modules/deals/deals-public.server";

import { actor, createValid, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import {
  createPreviewLink,
  deleteEndedPreviewLinks,
  livePreviewLinks,
  PREVIEW_EXPIRED,
  PREVIEW_INVALID,
  PREVIEW_REVOKED,
  previewedItem,
  previewPagePath,
  previewToken,
  readPreviewLink,
  revokePreviewLink,
} from "./preview-links.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const db = () => database().db;
const secret = "preview-test-secret-of-enough-length";
const services = { siteUrl: "https://deals.example", secret };
const deal = contentType("deal");

async function draftDealWithLink(days = 7) {
  const row = await createValid(db(), deal, {
    status: "draft",
    slug: `draft-deal-${Math.random().toString(36).slice(2, 8)}`,
  });
  const item = { id: row.id, title: String(row.title) };
  const link = await createPreviewLink(db(), services, actor, deal, item, days);
  return { row, item, link, token: link.url.split("/preview/")[1]! };
}

describe("preview links", () => {
  it("open a draft's page through the rule widened to that one row, signed and audited", async () => {
    const { row, link, token } = await draftDealWithLink();
    expect(link.url).toBe(`https://deals.example/preview/${previewToken(secret, link)}`);
    const check = await readPreviewLink(db(), secret, token);
    expect(check).toMatchObject({ ok: true, kind: "deal", itemId: row.id });
    expect(await previewPagePath(db(), { kind: "deal", itemId: row.id }, token)).toBe(
      `/deals/${String(row.slug)}?preview=${encodeURIComponent(token)}`,
    );
    // The page reads the draft only with the link; another draft stays hidden even with it.
    expect(await findPublicDealBySlug(db(), String(row.slug))).toBeUndefined();
    expect(await findPublicDealBySlug(db(), String(row.slug), { previewOf: row.id })).toMatchObject({ id: row.id });
    const other = await createValid(db(), deal, { status: "draft" });
    const request = new Request(`https://deals.example/deals/${String(other.slug)}?preview=${token}`);
    expect(await previewedItem(request, { db: db(), appSecret: secret }, "guide")).toBeNull();
    expect(await previewedItem(request, { db: db(), appSecret: secret }, "deal")).toMatchObject({ itemId: row.id });
    expect(await findPublicGuideBySlug(db(), "anything", { previewOf: row.id })).toBeNull();
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "preview"));
    expect(audited).toMatchObject({ entityId: row.id, detail: { did: "share", days: 7 } });
  });

  it("say why a link does not open: tampered, expired or revoked, and open nothing", async () => {
    const { row, item, link, token } = await draftDealWithLink(1);
    const [id, signature] = token.split(".");
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    for (const bad of [`${id}.${flipped}`, `${id}`, "not-a-token", "", `${crypto.randomUUID()}.${signature}`]) {
      expect(await readPreviewLink(db(), secret, bad)).toEqual({ ok: false, message: PREVIEW_INVALID, status: 404 });
    }
    // Signed with another secret: not ours.
    expect(await readPreviewLink(db(), "another-secret-entirely-of-length", token)).toMatchObject({ ok: false });
    const tomorrow = new Date(link.expiresAt.getTime() + 1000);
    expect(await readPreviewLink(db(), secret, token, tomorrow)).toEqual({
      ok: false,
      message: PREVIEW_EXPIRED,
      status: 410,
    });
    // Changing the expiry in the database does not extend a signed link.
    await db()
      .update(previewLinks)
      .set({ expiresAt: new Date(link.expiresAt.getTime() + 86_400_000) })
      .where(eq(previewLinks.id, link.id));
    expect(await readPreviewLink(db(), secret, token)).toMatchObject({ ok: false, message: PREVIEW_INVALID });

    const fresh = await createPreviewLink(db(), services, actor, deal, item, 7);
    const live = async () => (await livePreviewLinks(db(), services, deal, row.id)).map((shown) => shown.url);
    expect(await live()).toContain(fresh.url);
    expect(await revokePreviewLink(db(), actor, deal, item, fresh.id)).toBe(true);
    expect(await revokePreviewLink(db(), actor, deal, item, fresh.id)).toBe(false);
    const freshToken = fresh.url.split("/preview/")[1]!;
    expect(await readPreviewLink(db(), secret, freshToken)).toEqual({
      ok: false,
      message: PREVIEW_REVOKED,
      status: 410,
    });
    expect(await live()).not.toContain(fresh.url);
  });

  it("lead nowhere once the item is deleted, and are deleted 30 days after they end", async () => {
    const { row, token } = await draftDealWithLink();
    await db().delete(deals).where(eq(deals.id, row.id));
    expect(await previewPagePath(db(), { kind: "deal", itemId: row.id }, token)).toBeNull();
    expect(await deleteEndedPreviewLinks(db())).toBe(0);
    expect(await deleteEndedPreviewLinks(db(), new Date(Date.now() + 38 * 86_400_000))).toBe(1);
  });
});
