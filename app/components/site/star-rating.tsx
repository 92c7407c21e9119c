import { SpriteIcon } from "#app/components/site/sprite-icon";
import { cn } from "#app/lib/cn";
import { formatCount } from "#app/lib/counts";

/**
 * An item's stars and review count. Amazon's are labelled as Amazon's (they are its customers' reviews,
 * not DealDash's); the caller passes them only while Amazon allows them shown (shownRating).
 */
export function StarRating({
  rating,
  reviews,
  fromAmazon,
  size = "page",
}: {
  rating: number;
  reviews: number | null;
  fromAmazon: boolean;
  size?: "card" | "page";
}) {
  const source = fromAmazon ? " on Amazon" : "";
  return (
    <p className={cn("flex items-center gap-1", size === "card" ? "text-sm text-gray-600" : "text-gray-700")}>
      <SpriteIcon
        name="star"
        className={cn("fill-yellow-400 text-yellow-500", size === "card" ? "h-4 w-4" : "h-5 w-5")}
      />
      <span>{rating.toFixed(1)}</span>
      {reviews !== null ? (
        <span
          className={size === "page" ? "text-gray-500" : undefined}
        >{`(${formatCount(reviews)} reviews${source})`}</span>
      ) : fromAmazon ? (
        <span className={size === "page" ? "text-gray-500" : undefined}>on Amazon</span>
      ) : null}
    </p>
  );
}
