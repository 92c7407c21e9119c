import { describe, expect, it } from "vitest";

import { asinOf, canonicalUrl, offerKeyOf } from "./offer-key";

describe("offer keys", () => {
  it("give one Amazon product one key, however its address was shared", () => {
    const shared = [
      "https://www.amazon.com/Sony-WH-1000XM5/dp/B09XS7JWHH/ref=sr_1_3?keywords=sony&qid=1&sr=8-3",
      "https://amazon.com/dp/b09xs7jwhh?tag=someone-20&linkCode=ll1",
      "https://smile.amazon.com/gp/product/B09XS7JWHH/",
      "https://www.amazon.com/gp/aw/d/B09XS7JWHH?psc=1",
    ];
    expect(new Set(shared.map(offerKeyOf))).toEqual(new Set(["asin:B09XS7JWHH"]));
    expect(asinOf("https://www.amazon.co.uk/dp/B0C1234567")).toBe("B0C1234567");
    // Not Amazon's: a look-alike host, or a page that names no product.
    expect(asinOf("https://amazon.com.evil.example/dp/B09XS7JWHH")).toBeNull();
    expect(asinOf("https://www.amazon.com/gp/goldbox")).toBeNull();
  });

  it("drop what tracks the visitor and keep what names the product", () => {
    expect(canonicalUrl("https://WWW.Shop.example/Item/42/?utm_source=x&color=red&gclid=abc&size=m#reviews")).toBe(
      "https://shop.example/Item/42?color=red&size=m",
    );
    expect(canonicalUrl("http://shop.example/item?b=2&a=1")).toBe(canonicalUrl("https://shop.example/item?a=1&b=2"));
    expect(canonicalUrl("https://shop.example")).toBe("https://shop.example/");
    expect(offerKeyOf("https://shop.example/item?id=7&fbclid=z")).toBe("url:https://shop.example/item?id=7");
  });

  it("give no key to what is not a web address", () => {
    for (const address of ["", "not a url", "javascript:alert(1)", "ftp://shop.example/x", "mailto:a@b.example"])
      expect(offerKeyOf(address), address).toBeNull();
  });
});
