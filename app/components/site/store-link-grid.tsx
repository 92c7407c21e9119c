import { Link } from "react-router";

import { storePath } from "#app/lib/public-paths";

import { CardImage, StoreInitial } from "./card-image";

/** Stores as a grid of links to their pages, each with its logo: the A–Z index and the site search. */
export function StoreLinkGrid({
  stores,
}: {
  stores: ReadonlyArray<{ name: string; slug: string; logoUrl: string | null }>;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {stores.map((store) => (
        <li key={store.slug}>
          <Link
            to={storePath(store)}
            className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 font-medium text-gray-900 hover:border-brand-600 hover:text-brand-700"
          >
            <CardImage
              src={store.logoUrl}
              width={32}
              height={32}
              fit="contain"
              fallback={<StoreInitial name={store.name} size="sm" />}
              className="h-8 w-8 shrink-0 rounded"
            />
            {store.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
