import { Tag } from "lucide-react";

import { cn } from "#app/lib/cn";

export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      <li className="sr-only">Tags:</li>
      {tags.map((tag) => (
        <li key={tag} className="flex items-center gap-1 rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700">
          <Tag className="h-3 w-3" aria-hidden /> {tag}
        </li>
      ))}
    </ul>
  );
}
