import { cn } from "#app/lib/cn";
import { formatPrice } from "#app/lib/money";
import type { ShownReduction } from "#app/lib/reference-price";

/** The struck-through price a reduction is measured against, after its label: "Was $99.99". */
export function ReferencePrice({ reduction, className }: { reduction: ShownReduction; className?: string }) {
  return (
    <span className={cn("text-gray-500", className)} data-testid="reference-price">
      {`${reduction.label} `}
      <s>{formatPrice(reduction.reference)}</s>
    </span>
  );
}
