import { asc, ilike, inArray, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { containsPattern, startsWithPattern } from "#app/db/sql-text";
import { AFFILIATE_REL, clickBeaconUrl, clickOutHref, isAmazonUrl } from "#app/lib/click-out";
import { renderInlineTokens, splitContent, tokenIds } from "#app/lib/content-tokens";
import type { TypeKey } from "#app/modules/catalogue/faces";
import { escapeText } from "#app/modules/content/safe-html.server";
import type { AnyContentType, EmbedChip } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";
import { titleColumnOf } from "#app/modules/content-types/words";

import { contentTypes } from "./registry.server";

// Guides embed published items as `[kind:id]` tokens. The kinds are the types with `embed`: the editor
// searches their public rows, shows each token as a chip, and the public page shows cards and links.

/** One "+ Deal" menu of the guide editor. */
export interface EmbedKind {
  kind: TypeKey;
  label: string;
  noun: string;
}

const embeddable = () => contentTypes.filter((type) => type.embed);

export function embedKinds(): EmbedKind[] {
  return embeddable().map((type) => ({ kind: type.key, label: type.embed!.label, noun: type.noun.many }));
}

export const embedType = (kind: string) => embeddable().find((type) => type.key === kind);

const SEARCH_LIMIT = 20;

/** Public items of a kind whose title contains `q` (titles starting with it first), as chips for the picker. */
export async function searchEmbeds(type: AnyContentType, db: Executor, q: string): Promise<EmbedChip[]> {
  const title = titleColumnOf(type);
  const text = q.replaceAll("\0", "").trim().slice(0, 100);
  const found = await db
    .select({ id: type.table.id })
    .from(publicRows(type))
    .where(text ? ilike(title, containsPattern(text)) : undefined)
    .orderBy(...(text ? [sql`${title} ILIKE ${startsWithPattern(text)} DESC`] : []), asc(title), asc(type.table.id))
    .limit(SEARCH_LIMIT);
  const order = found.map((row) => String(row.id));
  const cards = await type.embed!.cards(db, order);
  return cards.map((card) => type.embed!.chip(card)).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** The public cards of the tokens in some HTML, by "kind:id". */
async function publicCards(
  db: Executor,
  html: string,
): Promise<Map<string, { type: AnyContentType; card: { id: string } }>> {
  const ids = tokenIds(html);
  const found = new Map<string, { type: AnyContentType; card: { id: string } }>();
  await Promise.all(
    embeddable().map(async (type) => {
      const wanted = ids[type.key] ?? [];
      if (wanted.length === 0) return;
      for (const card of await type.embed!.cards(db, wanted)) found.set(`${type.key}:${card.id}`, { type, card });
    }),
  );
  return found;
}

/**
 * A chip for every token in a guide, by "kind:id", for its editor: the item as the public sees it, or,
 * when the public cannot see it, its title marked unpublished, or "missing" when the row is gone.
 */
export async function tokenChips(db: Executor, html: string): Promise<Record<string, EmbedChip>> {
  const cards = await publicCards(db, html);
  const chips: Record<string, EmbedChip> = {};
  for (const [key, { type, card }] of cards) chips[key] = type.embed!.chip(card);
  await Promise.all(
    Object.entries(tokenIds(html)).map(async ([kind, ids]) => {
      const type = embedType(kind);
      const hidden = ids.filter((id) => !chips[`${kind}:${id}`]);
      if (hidden.length === 0) return;
      const rows = type
        ? await db
            .select({ id: type.table.id, label: titleColumnOf(type) })
            .from(type.table)
            .where(inArray(type.table.id, hidden))
        : [];
      for (const id of hidden) {
        const row = rows.find((candidate) => candidate.id === id);
        chips[`${kind}:${id}`] = row
          ? { id, label: String(row.label), state: "unpublished" }
          : { id, label: "Deleted item", state: "missing" };
      }
    }),
  );
  return chips;
}

/**
 * The warning for a saved row whose tokens point at items shoppers will not see (unpublished or deleted),
 * or null when they can see them all.
 */
export async function hiddenEmbedsNotice(
  type: AnyContentType,
  db: Executor,
  row: Record<string, unknown>,
): Promise<string | null> {
  if (!type.tokensIn) return null;
  const hidden = Object.values(await tokenChips(db, String(row[type.tokensIn] ?? ""))).filter((chip) => chip.state);
  if (hidden.length === 0) return null;
  const why = hidden.map((chip) => (chip.state === "missing" ? "one was deleted" : `"${chip.label}" is not published`));
  return `Shoppers will not see ${hidden.length === 1 ? "1 embedded item" : `${hidden.length} embedded items`}: ${why.join("; ")}.`;
}

export type EmbeddedSegment = { type: "html"; html: string } | { type: "card"; kind: string; card: { id: string } };

/**
 * An inline token as a link: to the item's own page when it has one, else out to the retailer the way
 * its card links (counted through /go/, or straight to Amazon with a beacon, as Amazon requires).
 */
function inlineLink(type: AnyContentType, card: { id: string; slug?: unknown }, chip: EmbedChip): string {
  const text = escapeText(chip.label);
  if (type.publicPath && typeof card.slug === "string")
    return `<a href="${type.publicPath({ slug: encodeURIComponent(card.slug) })}">${text}</a>`;
  const target = safeUrl(chip.url);
  const beacon =
    target && isAmazonUrl(target) ? ` data-beacon="${clickBeaconUrl(type.key, card.id, INLINE_PLACEMENT)}"` : "";
  return `<a href="${clickOutHref(type.key, card.id, target, INLINE_PLACEMENT)}" rel="${AFFILIATE_REL}" target="_blank"${beacon}>${text}</a>`;
}

const INLINE_PLACEMENT = "guide-inline";

/** A URL as the browser would send it (quotes and spaces percent-encoded), or "" when it is not one. */
function safeUrl(url: string | undefined): string {
  try {
    return url ? new URL(url).toString() : "";
  } catch {
    return "";
  }
}

/**
 * Guide HTML (already sanitised) as HTML runs and cards: a token alone in a top-level paragraph becomes
 * the item's card, any other token a link to it. A token whose item is not public (a draft, a deleted row)
 * is left out, so a guide never shows what the public may not see.
 */
export async function embedCards(db: Executor, html: string): Promise<EmbeddedSegment[]> {
  const found = await publicCards(db, html);
  return splitContent(html).flatMap((segment): EmbeddedSegment[] => {
    if (segment.type === "html") {
      const linked = renderInlineTokens(segment.html, (kind, id) => {
        const item = found.get(`${kind}:${id}`);
        return item ? inlineLink(item.type, item.card, item.type.embed!.chip(item.card)) : "";
      });
      return [{ type: "html", html: linked }];
    }
    const item = found.get(`${segment.kind}:${segment.id}`);
    return item ? [{ type: "card", kind: segment.kind, card: item.card }] : [];
  });
}
