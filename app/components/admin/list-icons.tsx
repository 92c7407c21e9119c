import {
  BadgeCheck,
  Copy,
  ExternalLink,
  ImageIcon,
  type LucideIcon,
  Pencil,
  RefreshCw,
  Star,
  Trash2,
} from "lucide-react";

import { cn } from "#app/lib/cn";

// A list draws the same few icons on every row; each is drawn once in a sprite and each row refers to
// it, which keeps a hundred-row page small.

const icons = {
  pencil: Pencil,
  copy: Copy,
  trash: Trash2,
  refresh: RefreshCw,
  check: BadgeCheck,
  star: Star,
  external: ExternalLink,
  image: ImageIcon,
} satisfies Record<string, LucideIcon>;
export type ListIconName = keyof typeof icons;

/** Draws every list icon once, hidden; render it once per page that uses ListIcon. */
export function ListIconSprite() {
  return (
    <svg aria-hidden className="hidden">
      {Object.entries(icons).map(([name, Icon]) => (
        <symbol key={name} id={`list-icon-${name}`} viewBox="0 0 24 24">
          {/* The featured star is drawn filled. */}
          <Icon fill={name === "star" ? "currentColor" : "none"} />
        </symbol>
      ))}
    </svg>
  );
}

export function ListIcon({ name, className }: { name: ListIconName; className?: string }) {
  return (
    <svg aria-hidden className={cn("h-4 w-4", className)}>
      <use href={`#list-icon-${name}`} />
    </svg>
  );
}
