import { formatDateTime } from "#app/lib/dates";

/** What a page shown through a preview link says of itself (its loader's `preview`). */
export interface PreviewView {
  expiresAt: string;
}

/**
 * The band on top of a page opened through a preview link: whoever has the link sees the item as it is
 * saved now, and shoppers do not until it is published.
 */
export function PreviewBanner({ preview, noun }: { preview: PreviewView | null; noun: string }) {
  if (!preview) return null;
  return (
    <aside
      aria-label="Preview"
      data-testid="preview-banner"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-gray-900"
    >
      <strong className="font-semibold">Preview.</strong> This {noun} is shown as it is saved now, to whoever has this
      link, until {formatDateTime(preview.expiresAt)}. Shoppers see it only once it is published.
    </aside>
  );
}

/** The robots meta of a page opened through a preview link: not indexed. */
export const previewRobots = (preview: PreviewView | null | undefined) =>
  preview ? [{ name: "robots", content: "noindex" }] : [];
