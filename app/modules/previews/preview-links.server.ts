import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { data } from "react-router";

import type { Database, Executor } from "#app/db/client.server";
import { deleteInBatches } from "#app/db/delete-in-batches.server";
import { previewLinks } from "#app/db/schema";
import type { Actor } from "#app/lib/actor";
import { isUuid } from "#app/lib/uuid";
import { recordAudit } from "#app/modules/audit/audit.server";
import { faces } from "#app/modules/catalogue/faces";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { entityOf, hasPreviews } from "#app/modules/content-types/words";
import { signedToken, tokenMatches } from "#app/modules/mail/signed-link.server";

// Preview links: a signed, expiring, revocable address that shows a draft or scheduled item's public page
// to someone without an account. The address carries the link's id and an HMAC of the id and its expiry
// under the app secret; the row says whether it was revoked. The page reads the item through the public
// rule widened to that one row (`publicRows(face, { previewOf })`), is never cached and never indexed.

export const PREVIEW_INVALID = "This preview link is not valid. Ask for a new one.";
export const PREVIEW_EXPIRED = "This preview link has expired. Ask for a new one.";
export const PREVIEW_REVOKED = "This preview link has been revoked. Ask for a new one.";
export const PREVIEW_GONE = "What this preview link showed has been deleted.";

/** A preview's page is never kept by a cache nor indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * An item page's loader data with its `preview` (null when the page was read as the public sees it), and
 * for a preview the headers that keep it out of caches and search engines.
 */
export const withPreview = <T extends object>(value: T, preview: { expiresAt: Date } | null) =>
  data(
    { ...value, preview: preview && { expiresAt: preview.expiresAt.toISOString() } },
    preview ? { headers: PREVIEW_HEADERS } : undefined,
  );

/** How long a new link works, in days, as the form offers it. */
export const PREVIEW_DAYS = [1, 7, 30] as const;
/** The links an item's form lists (the newest that still work). */
const LINKS_SHOWN = 10;
const PURPOSE = "preview";

/** The types whose items have a public page and a status: a draft of them can be previewed. */
export const previewableFaces: readonly ContentFace[] = faces.filter(hasPreviews);

export const isPreviewable = (key: string) => previewableFaces.some((face) => face.key === key);

const signedPart = (link: { id: string; expiresAt: Date }) => `${link.id}@${link.expiresAt.getTime()}`;

/** A link's token, as its address carries it: `<id>.<signature>`. */
export const previewToken = (secret: string, link: { id: string; expiresAt: Date }) =>
  `${link.id}.${signedToken(secret, PURPOSE, signedPart(link))}`;

/** A link's address, to hand to someone. */
export const previewUrl = (siteUrl: string, secret: string, link: { id: string; expiresAt: Date }) =>
  `${siteUrl}/preview/${previewToken(secret, link)}`;

export interface PreviewLink {
  id: string;
  expiresAt: Date;
  createdAt: Date;
  url: string;
}

/** Makes a link to an item's page that works for `days` days, audited; returns it. */
export async function createPreviewLink(
  db: Database,
  services: { siteUrl: string; secret: string },
  actor: Actor,
  face: ContentFace,
  item: { id: string; title: string },
  days: number,
  now = new Date(),
): Promise<PreviewLink> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .insert(previewLinks)
      .values({
        kind: face.key,
        itemId: item.id,
        createdBy: actor.id,
        expiresAt: new Date(now.getTime() + days * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      action: "preview",
      actor,
      entity: entityOf(face),
      entityId: item.id,
      detail: { did: "share", title: item.title, days },
    });
    return { ...link!, url: previewUrl(services.siteUrl, services.secret, link!) };
  });
}

/** An item's links that still work, newest first, with their addresses. */
export async function livePreviewLinks(
  db: Executor,
  services: { siteUrl: string; secret: string },
  face: ContentFace,
  itemId: string,
  now = new Date(),
): Promise<PreviewLink[]> {
  const rows = await db
    .select({ id: previewLinks.id, expiresAt: previewLinks.expiresAt, createdAt: previewLinks.createdAt })
    .from(previewLinks)
    .where(
      and(
        eq(previewLinks.kind, face.key),
        eq(previewLinks.itemId, itemId),
        isNull(previewLinks.revokedAt),
        gt(previewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(previewLinks.createdAt))
    .limit(LINKS_SHOWN);
  return rows.map((row) => ({ ...row, url: previewUrl(services.siteUrl, services.secret, row) }));
}

/** Revokes one of an item's links, audited: it stops at once. False when it was not a live link of the item. */
export async function revokePreviewLink(
  db: Database,
  actor: Actor,
  face: ContentFace,
  item: { id: string; title: string },
  linkId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(previewLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(previewLinks.id, linkId),
          eq(previewLinks.kind, face.key),
          eq(previewLinks.itemId, item.id),
          isNull(previewLinks.revokedAt),
        ),
      )
      .returning({ id: previewLinks.id });
    if (revoked)
      await recordAudit(tx, {
        action: "preview",
        actor,
        entity: entityOf(face),
        entityId: item.id,
        detail: { did: "revoke", title: item.title },
      });
    return Boolean(revoked);
  });
}

export type PreviewCheck =
  { ok: true; kind: string; itemId: string; expiresAt: Date } | { ok: false; message: string; status: 404 | 410 };

/** What a token opens, if its signature holds and its link still works; else why not, in words. */
export async function readPreviewLink(
  db: Executor,
  secret: string,
  token: string | null,
  now = new Date(),
): Promise<PreviewCheck> {
  const [id, signature] = (token ?? "").split(".");
  const invalid = { ok: false, message: PREVIEW_INVALID, status: 404 } as const;
  if (!isUuid(id) || !signature) return invalid;
  const [link] = await db.select().from(previewLinks).where(eq(previewLinks.id, id)).limit(1);
  if (!link || !tokenMatches(secret, PURPOSE, signedPart(link), signature)) return invalid;
  if (link.revokedAt) return { ok: false, message: PREVIEW_REVOKED, status: 410 };
  if (link.expiresAt <= now) return { ok: false, message: PREVIEW_EXPIRED, status: 410 };
  return { ok: true, kind: link.kind, itemId: link.itemId, expiresAt: link.expiresAt };
}

/** Deletes the links that ended (expired or revoked) over 30 days ago; returns how many. */
export const deleteEndedPreviewLinks = (db: Executor, now = new Date()) => {
  const cutOff = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  return deleteInBatches(
    db,
    "preview_links",
    or(
      lt(previewLinks.expiresAt, sql`${cutOff}::timestamptz`),
      lt(previewLinks.revokedAt, sql`${cutOff}::timestamptz`),
    )!,
  );
};

/**
 * The item a page request previews: the link its `?preview=` token names, when the token holds, the link
 * still works and it shows an item of `kind`; null otherwise, so the page reads only public rows.
 */
export async function previewedItem(
  request: Request,
  services: { db: Executor; appSecret: string },
  kind: string,
): Promise<{ itemId: string; expiresAt: Date } | null> {
  const token = new URL(request.url).searchParams.get("preview");
  if (!token) return null;
  const check = await readPreviewLink(services.db, services.appSecret, token);
  return check.ok && check.kind === kind ? check : null;
}

/** Where a working link's page is: the item's public address with the token, or null when the item is gone. */
export async function previewPagePath(db: Executor, check: { kind: string; itemId: string }, token: string) {
  const face = previewableFaces.find((candidate) => candidate.key === check.kind);
  if (!face?.publicPath) return null;
  const table = face.table as ContentFace["table"] & { slug: AnyPgColumn };
  const [row] = await db
    .select({ slug: table.slug })
    .from(publicRows(face, { previewOf: check.itemId }) as PgTable)
    .where(eq(table.id, check.itemId))
    .limit(1);
  return row ? `${face.publicPath({ slug: String(row.slug) })}?${new URLSearchParams({ preview: token })}` : null;
}
