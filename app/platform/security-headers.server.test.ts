import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy } from "./security-headers.server";

describe("security headers", () => {
  it("adds HSTS only when the site is served over https", () => {
    expect(baseSecurityHeaders({ PUBLIC_URL: "https://deals.example" })["Strict-Transport-Security"]).toContain("max-age=");
    expect(baseSecurityHeaders({ PUBLIC_URL: "http://localhost:3000" })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("allows only nonce-bearing scripts in production", () => {
    const csp = contentSecurityPolicy("abc123", { NODE_ENV: "production" });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
