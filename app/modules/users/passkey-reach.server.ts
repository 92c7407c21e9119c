import { isIP } from "node:net";

/**
 * Why a page cannot use passkeys, or null when it can. A passkey belongs to the site's own address
 * (PUBLIC_URL, the relying party of platform/auth.server.ts): browsers make none for an IP address, nor
 * outside HTTPS except on localhost, and a page opened at another address cannot use the site's. Said on the
 * page instead of a button whose ceremony would fail with nothing to go on.
 */
export function whyNoPasskeys(publicUrl: string, pageUrl: string): string | null {
  const site = new URL(publicUrl);
  const page = new URL(pageUrl);
  const host = site.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host))
    return `Passkeys need a domain name, and this site's address (PUBLIC_URL) is ${site.origin}, an IP address. Give the site a domain name (on this computer, localhost) to use them.`;
  if (site.protocol !== "https:" && host !== "localhost" && !host.endsWith(".localhost"))
    return `Passkeys need HTTPS, and this site's address (PUBLIC_URL) is ${site.origin}. Serve the site over HTTPS to use them.`;
  if (page.hostname !== site.hostname)
    return `Passkeys work at this site's own address, ${site.origin}, and this page was opened at ${page.origin}. Open the admin at ${site.origin} to use them.`;
  return null;
}
