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
