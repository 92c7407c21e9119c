// Guide content embeds items as `[kind:uuid]` tokens; which kinds exist is the content types' business.
export type ContentSegment = { type: "html"; html: string } | { type: "token"; kind: string; id: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN = new RegExp(`\\[([a-z]+):(${UUID})\\]`, "gi");
const TOKEN_PARAGRAPH = new RegExp(`<p>\\s*(\\[[a-z]+:${UUID}\\])\\s*<\\/p>`, "gi");

/** The ids each token kind mentions, for one query per kind. */
export function tokenIds(html: string): Record<string, string[]> {
  const ids = new Map<string, Set<string>>();
  for (const [, kind, id] of html.matchAll(TOKEN)) {
    const key = kind!.toLowerCase();
    ids.set(key, (ids.get(key) ?? new Set()).add(id!.toLowerCase()));
  }
  return Object.fromEntries([...ids].map(([kind, set]) => [kind, [...set]]));
}

/**
 * Splits guide HTML into HTML runs and token cards. A token alone in its paragraph becomes a card; a token
 * inside running text is dropped (a card cannot sit inside a sentence).
 */
export function splitContent(html: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  const withBlocks = html.replace(TOKEN_PARAGRAPH, "$1");
  for (const match of withBlocks.matchAll(TOKEN)) {
    const before = withBlocks.slice(last, match.index);
    const insideParagraph = (before.match(/<p>/g)?.length ?? 0) > (before.match(/<\/p>/g)?.length ?? 0);
    if (insideParagraph) continue;
    if (before.trim()) segments.push({ type: "html", html: before });
    segments.push({ type: "token", kind: match[1]!.toLowerCase(), id: match[2]!.toLowerCase() });
    last = match.index! + match[0].length;
  }
  const rest = withBlocks.slice(last).replace(TOKEN, "");
  if (rest.trim()) segments.push({ type: "html", html: rest });
  return segments.map((segment) => (segment.type === "html" ? { ...segment, html: segment.html.replace(TOKEN, "") } : segment));
}
