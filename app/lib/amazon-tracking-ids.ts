import { type Placement, placementOrNull } from "./placements";

// Amazon links carry no sub-ID, so its reports tell placements apart only by tracking ID: the owner makes
// one per placement in Associates Central (`site-deals-20` for cards, `site-guides-20` for guides) and
// names it under Settings → Amazon. Like the site's currency (lib/money.ts) the choice is process-wide: the
// server sets it before each request from the setting, the browser from the page's `<meta>` tag.

export type AmazonTrackingIds = Partial<Record<Placement, string>>;

/** What Amazon's tracking IDs are made of: letters, digits and hyphens ("site-deals-20"). */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;

let trackingIds: AmazonTrackingIds = {};

export const amazonTrackingIds = (): AmazonTrackingIds => trackingIds;

export function setAmazonTrackingIds(ids: AmazonTrackingIds): void {
  trackingIds = ids;
}

/** The tracking IDs a stored or sent value names: unknown placements and malformed IDs are left out. */
export function readTrackingIds(value: unknown): AmazonTrackingIds {
  if (!value || typeof value !== "object") return {};
  const ids: AmazonTrackingIds = {};
  for (const [key, id] of Object.entries(value)) {
    const placement = placementOrNull(key);
    if (placement && typeof id === "string" && TRACKING_ID_PATTERN.test(id)) ids[placement] = id;
  }
  return ids;
}

/**
 * An Amazon product link as `placement` sends it: with that placement's tracking ID as its `tag`, when the
 * owner named one, else as it was saved (with the site's associate tag). A short amzn.to link carries its
 * tag inside Amazon's redirect and is left alone.
 */
export function withAmazonTrackingId(url: string, placement: Placement | null): string {
  const id = placement ? trackingIds[placement] : undefined;
  if (!id) return url;
  try {
    const parsed = new URL(url);
    if (parsed.hostname.toLowerCase() === "amzn.to") return url;
    parsed.searchParams.set("tag", id);
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The placement a tracking ID stands for in Amazon's reports: null unless exactly one placement uses it. */
export function placementOfTrackingId(ids: AmazonTrackingIds, trackingId: string): Placement | null {
  const using = Object.entries(ids).filter(([, id]) => id.toLowerCase() === trackingId.trim().toLowerCase());
  return using.length === 1 ? (using[0]![0] as Placement) : null;
}
