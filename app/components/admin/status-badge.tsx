import { Star } from "lucide-react";

import { Badge } from "#app/components/ui/badge";
import type { ContentStatus } from "#app/lib/validation";

const tone = { published: "green", draft: "yellow", archived: "gray" } as const;

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <Badge tone={tone[status]}>{status}</Badge>;
}

export function FeaturedBadge() {
  return (
    <Badge tone="orange">
      <Star className="h-3 w-3 fill-current" aria-hidden /> Featured
    </Badge>
  );
}
