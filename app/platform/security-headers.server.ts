import { createHash } from "node:crypto";

import type { Env } from "./env.server";

/** Headers every response carries: no MIME sniffing, no framing, a strict referrer, HSTS on https. */
export function baseSecurityHeaders(env: Pick<Env, "PUBLIC_URL">): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (env.PUBLIC_URL.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/** The CSP of an HTML document: only scripts carrying this response's nonce run. */
export function contentSecurityPolicy(nonce: string, env: Pick<Env, "NODE_ENV">): string {
  const development = env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    // Vite's development client evaluates code and injects modules; production allows nonce-bearing scripts only.
    development ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes come from React and Radix; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/g;

/**
 * The same page and policy for a page served more than once (the page cache): the nonce gives way to the
 * SHA-256 hashes of the page's inline scripts, and the nonce attributes are removed.
 */
export function hashedScriptPolicy(html: string, policy: string): { html: string; policy: string } {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return {
    html: html.replace(NONCE_ATTRIBUTE, ""),
    policy: policy.replace(/\s*'nonce-[^']*'/, [...hashes].map((hash) => ` ${hash}`).join("")),
  };
}
