import { BookOpen, Check, ChevronRight, Clock, Copy, Flame, Heart, Scissors, Star } from "lucide-react";

// The icons that cards repeat (a store page draws a hundred), each drawn once per page as a symbol that
// <SpriteIcon> points at: one element an icon instead of lucide's whole build of it, and its paths once.

/** The sprite's icons by the name SpriteIcon takes. */
export const SPRITE_ICONS = {
  "book-open": BookOpen,
  check: Check,
  "chevron-right": ChevronRight,
  clock: Clock,
  copy: Copy,
  flame: Flame,
  heart: Heart,
  scissors: Scissors,
  star: Star,
};

/** Drawn once at the top of every public page (the site layout). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(SPRITE_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {/* The fill comes from the icon that points here (a saved deal's red heart). */}
          <Icon fill="inherit" />
        </symbol>
      ))}
    </svg>
  );
}
