import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";

/** A list of cards, one per item, laid out by `className` (a grid). */
export function CardGrid<Item extends { id: string }>({ items, className, children }: { items: readonly Item[]; className: string; children: (item: Item, index: number) => ReactNode }) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={item.id}>{children(item, index)}</li>
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

/** Above a listing that starts past page 1 (a reload after 'Load More'): a link to the pages before. */
export function ShowEarlierLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <Link to={to} className="font-medium text-brand-600 underline">
        {children}
      </Link>
    </div>
  );
}
