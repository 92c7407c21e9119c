import { describe, expect, it } from "vitest";

import { readCookie } from "./cookies";

describe("readCookie", () => {
  it("finds one cookie among several", () => {
    expect(readCookie("a=1; cookieConsent=true; b=2", "cookieConsent")).toBe("true");
    expect(readCookie("a=1", "cookieConsent")).toBeNull();
    expect(readCookie(null, "cookieConsent")).toBeNull();
  });

  it("treats a malformed value as no cookie instead of failing", () => {
    expect(readCookie("dealdash_toast=%E0%A4%A; cookieConsent=true", "dealdash_toast")).toBeNull();
    expect(readCookie("dealdash_toast=%E0%A4%A; cookieConsent=true", "cookieConsent")).toBe("true");
  });
});
