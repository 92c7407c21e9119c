import { describe, expect, it } from "vitest";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { allowAttempt, visitorKey } from "./rate-limit.server";

const database = testDatabasePerFile();
const db = () => database().db;

describe("form rate limits", () => {
  it("allow up to the limit per visitor within the window, then refuse, then allow again later", async () => {
    const limit = { bucket: "test", max: 3, windowMs: 60_000 };
    const key = visitorKey("203.0.113.7", "secret");
    expect(key).not.toContain("203.0.113.7");
    const now = new Date();
    for (let i = 0; i < 3; i++) expect(await allowAttempt(db(), limit, key, now)).toBe(true);
    expect(await allowAttempt(db(), limit, key, now)).toBe(false);
    expect(await allowAttempt(db(), limit, visitorKey("198.51.100.1", "secret"), now)).toBe(true);
    expect(await allowAttempt(db(), limit, key, new Date(now.getTime() + 61_000))).toBe(true);
  });

  it("let no more than the limit through when 50 attempts arrive at once", async () => {
    const limit = { bucket: "burst", max: 5, windowMs: 60_000 };
    const key = visitorKey("203.0.113.8", "secret");
    const answers = await Promise.all(Array.from({ length: 50 }, () => allowAttempt(db(), limit, key)));
    expect(answers.filter(Boolean)).toHaveLength(5);
  });

  it("count an IPv6 visitor by the /64 a home or phone is given, and an IPv4 one written as IPv6 as itself", () => {
    expect(visitorKey("2001:db8:1:2::1", "s")).toBe(visitorKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc", "s"));
    expect(visitorKey("2001:db8:1:2::1", "s")).not.toBe(visitorKey("2001:db8:1:3::1", "s"));
    expect(visitorKey("::ffff:203.0.113.9", "s")).toBe(visitorKey("203.0.113.9", "s"));
    expect(visitorKey("203.0.113.9", "s")).not.toBe(visitorKey("203.0.113.10", "s"));
  });
});
