import { describe, expect, it } from "vitest";

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
