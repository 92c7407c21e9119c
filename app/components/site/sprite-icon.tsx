import { cn } from "#app/lib/cn";

import type { SPRITE_ICONS } from "./icon-sprite";

/**
 * An icon of the page's sprite (icon-sprite.tsx), drawn as lucide draws it: stroked in the text's colour,
 * filled by a `fill-*` class, and hidden from screen readers.
 */
export function SpriteIcon({ name, className }: { name: keyof typeof SPRITE_ICONS; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("lucide", `lucide-${name}`, className)}
      aria-hidden="true"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
