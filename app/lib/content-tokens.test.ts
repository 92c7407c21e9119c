import { describe, expect, it } from "vitest";
import { splitContent, tokenIds } from "./content-tokens";

const id = "123e4567-e89b-42d3-a456-426614174000";
const other = "223e4567-e89b-42d3-a456-426614174000";

describe("guide content tokens", () => {
  it("finds the ids per kind", () => {
    expect(tokenIds(`<p>[deal:${id}]</p><p>[gift:${other}] and [deal:${id}]</p>`)).toEqual({ deal: [id], gift: [other] });
  });

  it("turns a token alone in its paragraph into a card between HTML runs", () => {
    expect(splitContent(`<h2>Top pick</h2><p>[deal:${id}]</p><p>More text</p>`)).toEqual([
      { type: "html", html: "<h2>Top pick</h2>" },
      { type: "token", kind: "deal", id },
      { type: "html", html: "<p>More text</p>" },
    ]);
  });

  it("drops a token in running text instead of breaking the paragraph", () => {
    expect(splitContent(`<p>Try [coupon:${id}] today</p>`)).toEqual([{ type: "html", html: "<p>Try  today</p>" }]);
  });
});
