// What an offer is, whichever way its address was written: the key that keeps one offer from waiting
// twice in the review queue. An Amazon product is its ASIN; anything else is its address without the
// parameters that only track who sent the visitor (ADR 0041).

/** Parameters that say who sent a visitor or which ad was clicked, never which product. */
const TRACKING = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "yclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "srsltid",
  "ref",
  "ref_",
  "referrer",
  "tag",
  "linkcode",
  "linkid",
  "ascsubtag",
  "creative",
  "creativeasin",
  "camp",
  "psc",
  "irclickid",
  "clickid",
  "cjevent",
  "awc",
  "ranmid",
  "raneaid",
  "ransiteid",
  "siteid",
  "spm",
]);
const isTracking = (name: string) => {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || lower.startsWith("pd_rd_") || lower.startsWith("pf_rd_") || TRACKING.has(lower);
};

/** An Amazon store's host: amazon.com, www.amazon.co.uk, smile.amazon.de… */
const AMAZON_HOST =
  /(^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|ie|in|co\.jp|com\.au|sg|ae|sa|eg|com\.tr)$/;
/** The ASIN in an Amazon product address: /dp/…, /gp/product/…, /gp/aw/d/…, /exec/obidos/ASIN/…, /o/ASIN/…. */
const ASIN_PATH = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/asin|o\/asin)\/([A-Z0-9]{10})(?:[/?]|$)/i;

/** The address without tracking parameters, its other parameters sorted, its host lower-case, no fragment; null when it is not an http(s) address. */
export function canonicalUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const kept = [...url.searchParams]
    .filter(([name]) => !isTracking(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  const host = url.hostname.replace(/^www\./, "");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : "/";
  return `https://${host}${url.port ? `:${url.port}` : ""}${path}${query ? `?${query}` : ""}`;
}

/** The ASIN an Amazon product address names, upper-case; null for any other address. */
export function asinOf(address: string): string | null {
  try {
    const url = new URL(address.trim());
    if (!AMAZON_HOST.test(url.hostname.toLowerCase())) return null;
    return url.pathname.match(ASIN_PATH)?.[1]?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

/** The offer's key: `asin:…` for an Amazon product, else `url:` and its canonical address; null for no address. */
export function offerKeyOf(address: string): string | null {
  const asin = asinOf(address);
  if (asin) return `asin:${asin}`;
  const canonical = canonicalUrl(address);
  return canonical ? `url:${canonical}` : null;
}
