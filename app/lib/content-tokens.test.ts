import { describe, expect, it } from "vitest";

import { fromEditorHtml, renderInlineTokens, splitContent, toEditorHtml, tokenIds } from "./content-tokens";

const id = "123e4567-e89b-42d3-a456-426614174000";
const other = "223e4567-e89b-42d3-a456-426614174000";

describe("guide content tokens", () => {
  it("finds the ids per kind", () => {
    expect(tokenIds(`<p>[deal:${id}]</p><p>[gift:${other}] and [deal:${id}]</p>`)).toEqual({
      deal: [id],
      gift: [other],
    });
  });

  it("turns a token alone in a top-level paragraph into a card between HTML runs", () => {
    expect(splitContent(`<h2>Top pick</h2><p>[deal:${id}]</p><p>More text</p>`)).toEqual([
      { type: "html", html: "<h2>Top pick</h2>" },
      { type: "token", kind: "deal", id },
      { type: "html", html: "<p>More text</p>" },
    ]);
  });

  it("keeps a token in running text, a list or a heading in place, for an inline link", () => {
    for (const html of [
      `<p>Try [coupon:${id}] today</p>`,
      `<ul><li><p>[deal:${id}]</p></li></ul>`,
      `<h2>[deal:${id}]</h2>`,
      `<blockquote><p>[deal:${id}]</p></blockquote>`,
    ]) {
      expect(splitContent(html)).toEqual([{ type: "html", html }]);
    }
    expect(
      renderInlineTokens(`<p>Try [coupon:${id}] today</p>`, (kind, found) => `<a href="/go/${kind}/${found}">it</a>`),
    ).toBe(`<p>Try <a href="/go/coupon/${id}">it</a> today</p>`);
  });

  it("finds cards after nested blocks and void elements", () => {
    expect(splitContent(`<ul><li>One<br></li></ul><hr><p>[gift:${other}]</p>`)).toEqual([
      { type: "html", html: "<ul><li>One<br></li></ul><hr>" },
      { type: "token", kind: "gift", id: other },
    ]);
  });

  it("round-trips tokens through the editor's chips", () => {
    const stored = `<p>Before [deal:${id}] after</p><p>[gift:${other}]</p>`;
    const editor = toEditorHtml(stored);
    expect(editor).toBe(
      `<p>Before <span data-token="deal:${id}"></span> after</p><p><span data-token="gift:${other}"></span></p>`,
    );
    expect(fromEditorHtml(editor)).toBe(stored);
    expect(fromEditorHtml(`<p><span contenteditable="false" data-token="deal:${id}" class="chip"></span></p>`)).toBe(
      `<p>[deal:${id}]</p>`,
    );
  });
});
