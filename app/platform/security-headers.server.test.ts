import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { baseSecurityHeaders, contentSecurityPolicy, hashedScriptPolicy } from "./security-headers.server";

describe("security headers", () => {
  it("adds HSTS only when the site is served over https", () => {
    expect(baseSecurityHeaders({ PUBLIC_URL: "https://deals.example" })["Strict-Transport-Security"]).toContain(
      "max-age=",
    );
    expect(baseSecurityHeaders({ PUBLIC_URL: "http://localhost:3000" })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });

  it("allows only nonce-bearing scripts in production", () => {
    const csp = contentSecurityPolicy("abc123", { NODE_ENV: "production" });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("the policy of a page served from the cache", () => {
  const page =
    `<html><head><script nonce="n1">window.a = 1;</script><script type="module" src="/assets/x.js" nonce="n1"></script></head>` +
    `<body><script nonce="n1">window.b = 2;</script></body></html>`;
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("trades the nonce for hashes of the page's own inline scripts and drops the nonce attributes", () => {
    const { html, policy } = hashedScriptPolicy(page, contentSecurityPolicy("n1", { NODE_ENV: "production" }));
    expect(html).not.toContain("nonce");
    expect(html).toContain('<script type="module" src="/assets/x.js"></script>');
    expect(policy).toContain(`script-src 'self' ${sha("window.a = 1;")} ${sha("window.b = 2;")};`);
    expect(policy).not.toContain("nonce-");
  });

  it("allows no inline script at all when the page has none", () => {
    const { policy } = hashedScriptPolicy("<p>plain</p>", contentSecurityPolicy("n1", { NODE_ENV: "production" }));
    expect(policy).toContain("script-src 'self'; ");
  });
});
