import type { ComponentProps } from "react";
import { AFFILIATE_REL, clickBeaconUrl, clickOutHref, isAmazonUrl, type ClickKind } from "#app/lib/click-out";

/**
 * An outbound link to a retailer: new tab, rel="sponsored nofollow noopener", through /go/… so the click
 * is counted; Amazon links go straight to Amazon and count the click with a beacon instead.
 */
export function AffiliateLink({
  kind,
  id,
  url,
  placement,
  ...props
}: Omit<ComponentProps<"a">, "href" | "rel" | "target"> & { kind: ClickKind; id: string; url: string; placement: string }) {
  const direct = isAmazonUrl(url);
  return (
    <a
      {...props}
      href={clickOutHref(kind, id, url, placement)}
      target="_blank"
      rel={AFFILIATE_REL}
      onClick={(event) => {
        if (direct) navigator.sendBeacon?.(clickBeaconUrl(kind, id, placement));
        props.onClick?.(event);
      }}
    />
  );
}
