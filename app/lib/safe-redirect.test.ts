import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/admin/deals", "/admin/deals"],
    ["/admin/deals?page=2#top", "/admin/deals?page=2#top"],
    [null, "/"],
    ["", "/"],
  ])("keeps a same-site path: %j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "\t//evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "http://dealdash.invalid@evil.example/",
  ])("sends %j to the fallback", (input) => {
    expect(safeRedirectPath(input, "/admin")).toBe("/admin");
  });

  it("never produces a protocol-relative path", () => {
    expect(safeRedirectPath("/.//evil.example")).toBe("/evil.example");
  });

  it.each(["/admin\r\nSet-Cookie: a=b", "/admin/ünïcode", "/admin/\u2028x", "/admin/%0d%0a"])(
    "gives a value a Location header accepts for %j",
    (input) => {
      const path = safeRedirectPath(input, "/admin");
      expect(() => new Headers({ Location: path })).not.toThrow();
      expect(path.startsWith("/admin")).toBe(true);
      expect(path).not.toMatch(/[\r\n]/);
    },
  );
});
