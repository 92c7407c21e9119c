import type { ComponentProps } from "react";

import { AFFILIATE_REL, clickBeaconUrl, type ClickKind, clickOutHref, isAmazonUrl } from "#app/lib/click-out";
import type { Placement } from "#app/lib/placements";

import { AffiliateDisclosure } from "./affiliate-disclosure";

/**
 * An outbound link to a retailer: new tab, rel="sponsored nofollow noopener", through /go/… so the click
 * is counted; Amazon links go straight to Amazon and carry their click-count URL in `data-beacon`, which
 * the islands script sends on the way out (app/islands/page-behaviours.ts).
 */
export function AffiliateLink({
  kind,
  id,
  url,
  placement,
  ...props
}: Omit<ComponentProps<"a">, "href" | "rel" | "target"> & {
  kind: ClickKind;
  id: string;
  url: string;
  placement: Placement;
}) {
  return (
    <a
      {...props}
      href={clickOutHref(kind, id, url, placement)}
      target="_blank"
      rel={AFFILIATE_REL}
      data-beacon={isAmazonUrl(url) ? clickBeaconUrl(kind, id, placement) : undefined}
    />
  );
}

/** An item page's call to action: the affiliate disclosure right above the page's big outbound button. */
export function ItemPageBuyLink(props: Omit<ComponentProps<typeof AffiliateLink>, "className">) {
  return (
    <>
      <AffiliateDisclosure />
      <AffiliateLink
        {...props}
        className="inline-flex h-12 items-center justify-center rounded-lg bg-accent-700 px-8 font-semibold text-white hover:bg-accent-800"
      />
    </>
  );
}
