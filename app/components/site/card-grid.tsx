import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

import { Button } from "#app/components/ui/button";

/**
 * A list of cards, one per item, laid out by `className` (a grid). `paged` marks the list 'Load More'
 * appends to (app/islands/page-behaviours.ts), each card keyed by its item's id.
 */
export function CardGrid<Item extends { id: string }>({
  items,
  paged = false,
  children,
  ...props
}: Omit<ComponentProps<"ul">, "children"> & {
  items: readonly Item[];
  className: string;
  paged?: boolean;
  children: (item: Item, index: number) => ReactNode;
}) {
  return (
    <ul {...props} data-card-list={paged || undefined}>
      {items.map((item, index) => (
        <li key={item.id} data-key={item.id}>
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Load More …" under a listing: a real link to the next page (the URL keeps the whole view); the islands
 * script appends that page's cards to the list without a page load.
 */
export function LoadMoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="text-center" data-load-more>
      <Button asChild variant="outline" size="lg">
        <Link to={to}>{children}</Link>
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
