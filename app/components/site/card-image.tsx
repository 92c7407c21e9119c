import type { ReactNode } from "react";

import { cn } from "#app/lib/cn";

/** How a card's picture loads: lazy below the fold; eager in the first row; `first` also asks for it first (the likely largest paint). */
export type ImageLoading = "lazy" | "eager" | "first";

/**
 * A picture over its fallback (a store's initial, a kind's icon). The fallback fills the box and the picture
 * covers it; where there is no picture (none given, or an Amazon image read over 24 hours ago) or the file
 * fails to load, the fallback shows, without JavaScript: an image with empty alt text draws nothing when it
 * fails. The box keeps its aspect ratio (`className` sizes it), and width/height tell the browser the same
 * ratio before the file arrives, so nothing shifts. Lazy unless the card opens the list (above the fold).
 * `label` names the picture for screen readers where it is more than decoration (an item page's).
 */
export function CardImage({
  src,
  fallback,
  width = 400,
  height = 300,
  loading = "lazy",
  label,
  fit = "cover",
  className,
}: {
  src: string | null;
  fallback: ReactNode;
  width?: number;
  height?: number;
  loading?: ImageLoading;
  label?: string;
  /** "contain" for logos, which must not be cropped. */
  fit?: "cover" | "contain";
  className?: string;
}) {
  return (
    <span
      className={cn("relative block overflow-hidden bg-gray-100", className)}
      {...(label ? { role: "img", "aria-label": label } : {})}
    >
      <span className="absolute inset-0 flex items-center justify-center text-gray-400" data-testid="image-fallback">
        {fallback}
      </span>
      {src ? (
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          loading={loading === "lazy" ? "lazy" : "eager"}
          fetchPriority={loading === "first" ? "high" : undefined}
          decoding="async"
          className={cn("absolute inset-0 h-full w-full", fit === "cover" ? "object-cover" : "object-contain")}
        />
      ) : null}
    </span>
  );
}

/** The loading of the n-th card's picture in a list that opens the page. */
export const cardImageLoading = (index: number, perRow: number): ImageLoading =>
  index === 0 ? "first" : index < perRow ? "eager" : "lazy";

/** A store's initial, the fallback of its items' pictures: "B" for Best Buy. */
export function StoreInitial({ name, size = "md" }: { name: string | null; size?: "sm" | "md" | "lg" }) {
  const initial = name?.trim().charAt(0).toUpperCase() || "?";
  return (
    <span
      aria-hidden
      className={cn(
        "flex aspect-square items-center justify-center rounded-full bg-white font-extrabold text-brand-700",
        { sm: "w-full text-base", md: "w-16 text-3xl shadow-sm", lg: "w-28 text-6xl shadow-sm" }[size],
      )}
    >
      {initial}
    </span>
  );
}
