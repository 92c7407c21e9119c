import { ImageOff } from "lucide-react";

import { cn } from "#app/lib/cn";

/** How a card's picture loads: lazy below the fold; eager in the first row; `first` also asks for it first (the likely largest paint). */
export type ImageLoading = "lazy" | "eager" | "first";

/**
 * A card's picture. Its box keeps the aspect ratio, and width/height tell the browser the same ratio
 * before the file arrives, so nothing shifts. Lazy unless the card opens the list (above the fold), where
 * lazy loading would only delay the largest paint.
 */
export function CardImage({
  src,
  width = 400,
  height = 300,
  loading = "lazy",
  className,
}: {
  src: string;
  width?: number;
  height?: number;
  loading?: ImageLoading;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "first" ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** The loading of the n-th card's picture in a list that opens the page. */
export const cardImageLoading = (index: number, perRow: number): ImageLoading =>
  index === 0 ? "first" : index < perRow ? "eager" : "lazy";

/** Where a picture may not be shown (an Amazon image read over 24 hours ago): a neutral box of its size. */
export function ImagePlaceholder({ className }: { className?: string }) {
  return (
    <div className={cn("flex items-center justify-center bg-gray-100 text-gray-400", className)}>
      <ImageOff className="h-10 w-10" aria-hidden />
    </div>
  );
}
