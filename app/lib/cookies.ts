/** The visitor's cookie choice: the spec's localStorage key, mirrored in a cookie of the same name. */
export const CONSENT_COOKIE = "cookieConsent";

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      // A malformed value (a stray "%") is treated as no cookie rather than failing the page.
      return null;
    }
  }
  return null;
}
