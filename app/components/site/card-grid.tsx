import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";

/** A list of cards, one per item, laid out by `className` (a grid). */
export function CardGrid<Item extends { id: string }>({ items, className, children }: { items: readonly Item[]; className: string; children: (item: Item) => ReactNode }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/**
 * "Load More …" under a listing: a real link to the next page (the URL keeps the whole view), which React
 * Router follows without a page load and without scrolling.
 */
export function LoadMoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <Button asChild variant="outline" size="lg">
        <Link to={to} preventScrollReset replace>
          {children}
        </Link>
      </Button>
    </div>
  );
}
