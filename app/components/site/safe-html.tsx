import { cn } from "#app/lib/cn";

/**
 * The only place the site renders stored HTML. Callers pass HTML that the server sanitised with
 * sanitizeRichText on its way out of the loader (it was sanitised on save too). Its links straight to
 * Amazon carry `data-beacon`, sent on the way out like an AffiliateLink's.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("guide-content", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
