import { Link } from "react-router";

import { SpriteIcon } from "#app/components/site/sprite-icon";

export interface Crumb {
  label: string;
  /** Unset for the page itself (the last crumb). */
  to?: string;
}

/** "Home › Electronics › Sony headphones": where the page sits, each step a link but the last. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
            {index > 0 ? <SpriteIcon name="chevron-right" className="h-4 w-4 text-gray-400" /> : null}
            {crumb.to ? (
              <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-gray-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
