// Guide content embeds items as `[kind:uuid]` tokens; which kinds exist is the content types' business.
// A token alone in a top-level paragraph shows as the item's card; anywhere else (inside a sentence, a
// list, a heading) it shows as a link to the item, so nothing the editor inserted is lost.

export type ContentSegment = { type: "html"; html: string } | { type: "token"; kind: string; id: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN = new RegExp(`\\[([a-z]+):(${UUID})\\]`, "gi");
const TOKEN_ONLY_PARAGRAPH = new RegExp(`^\\s*\\[([a-z]+):(${UUID})\\]\\s*</p>`, "i");
const CHIP = new RegExp(`<span[^>]*\\bdata-token="([a-z]+):(${UUID})"[^>]*>\\s*</span>`, "gi");
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/gi;
const VOID_TAGS = new Set(["br", "hr", "img", "input", "wbr", "source"]);

/** The ids each token kind mentions, for one query per kind. */
export function tokenIds(html: string): Record<string, string[]> {
  const ids = new Map<string, Set<string>>();
  for (const [, kind, id] of html.matchAll(TOKEN)) {
    const key = kind!.toLowerCase();
    ids.set(key, (ids.get(key) ?? new Set()).add(id!.toLowerCase()));
  }
  return Object.fromEntries([...ids].map(([kind, set]) => [kind, [...set]]));
}

/** Stored HTML as the editor reads it: each token an element the editor draws as a chip. */
export const toEditorHtml = (html: string) =>
  html.replace(
    TOKEN,
    (_token, kind: string, id: string) => `<span data-token="${kind.toLowerCase()}:${id.toLowerCase()}"></span>`,
  );

/** The editor's HTML as stored: each chip back to its token. */
export const fromEditorHtml = (html: string) =>
  html.replace(CHIP, (_chip, kind: string, id: string) => `[${kind.toLowerCase()}:${id.toLowerCase()}]`);

/** Replaces every token left in an HTML run by what `render` makes of it (a link, or nothing). */
export const renderInlineTokens = (html: string, render: (kind: string, id: string) => string) =>
  html.replace(TOKEN, (_token, kind: string, id: string) => render(kind.toLowerCase(), id.toLowerCase()));

/**
 * Splits guide HTML (well-formed: it has been sanitised) into HTML runs and cards: a top-level paragraph
 * holding a token and nothing else becomes the token's card. Tokens anywhere else stay in the HTML runs
 * for renderInlineTokens.
 */
export function splitContent(html: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  const pushHtml = (part: string) => {
    if (part.trim()) segments.push({ type: "html", html: part });
  };
  let depth = 0;
  let last = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [tag, closing, name, selfClosing] = match;
    const element = name!.toLowerCase();
    if (VOID_TAGS.has(element) || selfClosing) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const end = match.index + tag.length;
    const only = depth === 0 && element === "p" ? TOKEN_ONLY_PARAGRAPH.exec(html.slice(end)) : null;
    if (only) {
      pushHtml(html.slice(last, match.index));
      segments.push({ type: "token", kind: only[1]!.toLowerCase(), id: only[2]!.toLowerCase() });
      last = end + only[0].length;
      TAG.lastIndex = last;
      continue;
    }
    depth += 1;
  }
  pushHtml(html.slice(last));
  return segments;
}
