export type TokenKind = "deal" | "coupon" | "gift";
export type ContentSegment = { type: "html"; html: string } | { type: "token"; kind: TokenKind; id: string };

const TOKEN = /\[(deal|coupon|gift):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/gi;
const TOKEN_PARAGRAPH = /<p>\s*(\[(?:deal|coupon|gift):[0-9a-f-]{36}\])\s*<\/p>/gi;

/** The ids each token kind mentions, for one query per kind. */
export function tokenIds(html: string): Record<TokenKind, string[]> {
  const ids: Record<TokenKind, Set<string>> = { deal: new Set(), coupon: new Set(), gift: new Set() };
  for (const [, kind, id] of html.matchAll(TOKEN)) ids[kind!.toLowerCase() as TokenKind].add(id!.toLowerCase());
  return { deal: [...ids.deal], coupon: [...ids.coupon], gift: [...ids.gift] };
}

/**
 * Splits guide HTML into HTML runs and token cards. A token alone in its paragraph becomes a card; a token
 * inside running text is dropped (a card cannot sit inside a sentence).
 */
export function splitContent(html: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  const withBlocks = html.replace(TOKEN_PARAGRAPH, "$1");
  for (const match of withBlocks.matchAll(/\[(deal|coupon|gift):([0-9a-f-]{36})\]/gi)) {
    const before = withBlocks.slice(last, match.index);
    const insideParagraph = (before.match(/<p>/g)?.length ?? 0) > (before.match(/<\/p>/g)?.length ?? 0);
    if (insideParagraph) continue;
    if (before.trim()) segments.push({ type: "html", html: before });
    segments.push({ type: "token", kind: match[1]!.toLowerCase() as TokenKind, id: match[2]!.toLowerCase() });
    last = match.index! + match[0].length;
  }
  const rest = withBlocks.slice(last).replace(TOKEN, "");
  if (rest.trim()) segments.push({ type: "html", html: rest });
  return segments.map((segment) => (segment.type === "html" ? { ...segment, html: segment.html.replace(TOKEN, "") } : segment));
}
