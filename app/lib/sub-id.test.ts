import { describe, expect, it } from "vitest";

import { subIdSlotOf, withClickId } from "./sub-id";

const id = "5b0e6f3c-8a51-4c57-9d0e-0c1f3f1b2a77";

describe("a click's id in the network's sub-ID", () => {
  it("goes in each network's own parameter, replacing what the link had", () => {
    const cases: Array<[string, string, string]> = [
      ["https://www.awin1.com/cread.php?awinmid=1001&awinaffid=42&clickref=old", "Awin", "clickref"],
      ["https://www.anrdoezrs.net/click-123-456?url=https%3A%2F%2Fshop.example%2F", "CJ", "sid"],
      ["https://gadgets.sjv.io/c/42/1001/2002?u=https%3A%2F%2Fshop.example", "Impact", "subId1"],
      ["https://click.linksynergy.com/deeplink?id=abc&mid=1&murl=https%3A%2F%2Fshop.example", "Rakuten", "u1"],
    ];
    for (const [url, network, param] of cases) {
      expect(subIdSlotOf(url)).toMatchObject({ network, param });
      const linked = new URL(withClickId(url, id));
      expect(linked.searchParams.getAll(param)).toEqual([id]);
      // Everything else the network needs is untouched.
      for (const [key, value] of new URL(url).searchParams)
        if (key !== param) expect(linked.searchParams.get(key)).toBe(value);
    }
  });

  it("goes in Partnerize's path before the destination", () => {
    const url = "https://prf.hn/click/camref:1100l5/pubref:old/destination:https%3A%2F%2Fshop.example%2Fp";
    expect(withClickId(url, id)).toBe(
      `https://prf.hn/click/camref:1100l5/pubref:${id}/destination:https%3A%2F%2Fshop.example%2Fp`,
    );
  });

  it("fills the owner's {click_id} placeholder in any link, and empties it when the click was not counted", () => {
    const url = "https://partner.example/track?ref={click_id}&to=shop";
    expect(withClickId(url, id)).toBe(`https://partner.example/track?ref=${id}&to=shop`);
    expect(withClickId("https://partner.example/t?ref=%7Bclick_id%7D", id)).toBe(`https://partner.example/t?ref=${id}`);
    expect(withClickId(url, null)).toBe("https://partner.example/track?ref=&to=shop");
  });

  it("leaves other links, and network links of uncounted clicks, as they are", () => {
    for (const url of ["https://shop.example/p?sid=1", "https://www.awin1.com/cread.php?awinmid=1", "not a url"])
      expect(withClickId(url, url.includes("awin") ? null : id)).toBe(url);
    expect(subIdSlotOf("https://notawin1.com/x")).toBeNull();
  });
});
