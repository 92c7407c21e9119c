import type { MouseEvent } from "react";
import { cn } from "#app/lib/cn";

/** Links straight to Amazon (which forbids redirects) carry their click-count URL; count the click on the way out. */
function countDirectClick(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as HTMLElement).closest("a[data-beacon]");
  const beacon = link?.getAttribute("data-beacon");
  if (beacon) navigator.sendBeacon(beacon);
}

/**
 * The only place the site renders stored HTML. Callers pass HTML that the server sanitised with
 * sanitizeRichText on its way out of the loader (it was sanitised on save too).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("guide-content", className)} onClick={countDirectClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
