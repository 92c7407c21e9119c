import { Rss } from "lucide-react";
import { useLocation } from "react-router";

import { cn } from "#app/lib/cn";
import { feedPath } from "#app/lib/feed-links";

/** The list's RSS feed, for the filters it shows, as a link shoppers see (feed readers find it by `rel=alternate`). */
export function FeedLink({ pagePath, className }: { pagePath: string; className?: string }) {
  const { search } = useLocation();
  return (
    <a
      href={feedPath(pagePath, search, "rss")}
      className={cn("inline-flex items-center gap-1.5 text-sm font-medium hover:underline", className)}
    >
      <Rss className="h-4 w-4" aria-hidden /> RSS feed
    </a>
  );
}
