import { describe, expect, it } from "vitest";
import { describeActivity } from "./activity";
import { timeAgo } from "./relative-time";
import { isSameOriginWrite } from "./same-origin";

describe("isSameOriginWrite", () => {
  const base = { protocol: "http", host: "localhost:3000", publicUrl: "http://localhost:3000" };
  it("lets reads through", () => {
    expect(isSameOriginWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(true);
  });
  it("allows writes from the site itself", () => {
    expect(isSameOriginWrite({ ...base, method: "POST", origin: "http://localhost:3000" })).toBe(true);
    expect(isSameOriginWrite({ ...base, method: "POST", origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).toBe(true);
  });
  it("refuses writes from elsewhere", () => {
    expect(isSameOriginWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(false);
    expect(isSameOriginWrite({ ...base, method: "DELETE", origin: "null" })).toBe(false);
    expect(isSameOriginWrite({ ...base, method: "POST", fetchSite: "cross-site" })).toBe(false);
  });
});

describe("timeAgo", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it.each([
    ["2026-11-21T11:59:30Z", "just now"],
    ["2026-11-21T11:55:00Z", "5 minutes ago"],
    ["2026-11-21T09:00:00Z", "3 hours ago"],
    ["2026-11-20T12:00:00Z", "yesterday"],
    ["2026-11-07T12:00:00Z", "2 weeks ago"],
  ])("%s → %s", (date, expected) => {
    expect(timeAgo(date, now)).toBe(expected);
  });
});

describe("describeActivity", () => {
  it("words sign-ins and content changes", () => {
    expect(describeActivity({ action: "sign_in", entity: null, detail: null })).toBe("Signed in");
    expect(describeActivity({ action: "create", entity: "deal", detail: { title: "Tablet" } })).toBe('Created deal "Tablet"');
    expect(describeActivity({ action: "sign_in_failed", entity: null, detail: { reason: "rate_limited" } })).toBe(
      "Sign-in blocked (too many attempts)",
    );
  });
});
