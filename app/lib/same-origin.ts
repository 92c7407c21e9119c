const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change state. Reads are always allowed. A write is allowed when the browser says it
 * came from this site: its Origin is the public URL's or the Host it was sent to, and Sec-Fetch-Site (when
 * present) is not cross-site. Requests without an Origin come from non-browser clients, which carry no
 * ambient cookies an attacker could ride on.
 */
export function isSameOriginWrite(request: {
  method: string;
  origin?: string;
  fetchSite?: string;
  host?: string;
  protocol: string;
  publicUrl: string;
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (request.fetchSite === "cross-site") return false;
  if (!request.origin) return true;
  if (request.origin === "null") return false;
  const allowed = new Set([new URL(request.publicUrl).origin]);
  if (request.host) allowed.add(`${request.protocol}://${request.host}`);
  return allowed.has(request.origin);
}
