/**
 * A card's picture. Its box keeps the aspect ratio, and width/height tell the browser the same ratio
 * before the file arrives, so nothing shifts. Lazy unless the card opens the list (above the fold), where
 * lazy loading would only delay the largest paint.
 */
export function CardImage({ src, width = 400, height = 300, eager = false, className }: { src: string; width?: number; height?: number; eager?: boolean; className?: string }) {
  return <img src={src} alt="" width={width} height={height} loading={eager ? "eager" : "lazy"} decoding="async" className={className} />;
}
