import { describe, expect, it } from "vitest";

import { isSameOriginWrite } from "./same-origin";

describe("isSameOriginWrite", () => {
  const base = { protocol: "http", host: "localhost:3000", publicUrl: "http://localhost:3000" };
  it("lets reads through", () => {
    expect(isSameOriginWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(true);
  });
  it("allows writes from the site itself", () => {
    expect(isSameOriginWrite({ ...base, method: "POST", origin: "http://localhost:3000" })).toBe(true);
    expect(
      isSameOriginWrite({ ...base, method: "POST", origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }),
    ).toBe(true);
  });
  it("refuses writes from elsewhere", () => {
    expect(isSameOriginWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(false);
    expect(isSameOriginWrite({ ...base, method: "DELETE", origin: "null" })).toBe(false);
    expect(isSameOriginWrite({ ...base, method: "POST", fetchSite: "cross-site" })).toBe(false);
  });
});
