import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";
import { discountPercentage, savings } from "./discount";
import { formatPrice } from "./money";
import { slugify } from "./slugify";

describe("slugify", () => {
  it.each([
    ["  Hello,  World!! ", "hello-world"],
    ["Ünïcode & Co", "unicode-co"],
    ["Home & Garden", "home-garden"],
    ["---already-a-slug---", "already-a-slug"],
    ["PS5 Slim (1TB) — 2026", "ps5-slim-1tb-2026"],
    ["日本語", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe("discount", () => {
  it("rounds (original − current) / original × 100", () => {
    expect(discountPercentage(80, 100)).toBe(20);
    expect(discountPercentage(349.99, 449.99)).toBe(22);
    expect(discountPercentage(284.99, 399.99)).toBe(29);
  });
  it("is null without both prices", () => {
    expect(discountPercentage(80, null)).toBeNull();
    expect(discountPercentage(null, 100)).toBeNull();
  });
  it("shows savings only when the original price is higher", () => {
    expect(savings(80, 100)).toBe(20);
    expect(savings(100, 80)).toBeNull();
    expect(savings(100, null)).toBeNull();
  });
});

describe("formatPrice", () => {
  it("always shows dollars with two decimals", () => {
    expect(formatPrice(80)).toBe("$80.00");
    expect(formatPrice(1096.99)).toBe("$1,096.99");
  });
});

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

describe("dates", () => {
  it("cuts a stored timestamp to the YYYY-MM-DD a date input shows", async () => {
    const { toDateInput, endOfDay, startOfDay, formatDate } = await import("./dates");
    expect(toDateInput(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31");
    expect(toDateInput("2026-01-05T00:00:00.000Z")).toBe("2026-01-05");
    expect(toDateInput(null)).toBe("");
    expect(startOfDay("2026-12-01").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(endOfDay("2026-12-01").toISOString()).toBe("2026-12-01T23:59:59.999Z");
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("Nov 21, 2026");
  });
});
