import { withAmazonTrackingId } from "./amazon-tracking-ids";
import type { Placement } from "./placements";

/** A content type's key: the kinds with click-outs are the types that declare one. */
export type ClickKind = string;

/** Amazon forbids links that hide that they go to Amazon, so those are linked directly (click counted by beacon). */
export function isAmazonUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return /(^|\.)amazon\.[a-z.]+$/.test(host) || host === "amzn.to";
  } catch {
    return false;
  }
}

/**
 * Where an outbound button points: the counted redirect, or for Amazon the product itself, tagged with the
 * placement's tracking ID when the owner set one.
 */
export function clickOutHref(kind: ClickKind, id: string, targetUrl: string, placement: Placement): string {
  return isAmazonUrl(targetUrl)
    ? withAmazonTrackingId(targetUrl, placement)
    : `/go/${kind}/${id}?from=${encodeURIComponent(placement)}`;
}

/** The counting URL for a direct (Amazon) link, posted with navigator.sendBeacon. */
export function clickBeaconUrl(kind: ClickKind, id: string, placement: Placement): string {
  return `/go/${kind}/${id}?from=${encodeURIComponent(placement)}`;
}

/** rel for every link to a retailer: paid links are marked as such and pass no ranking or opener. */
export const AFFILIATE_REL = "sponsored nofollow noopener";
