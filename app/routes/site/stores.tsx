import { Link } from "react-router";
import { Breadcrumbs } from "#app/components/site/breadcrumbs";
import { PageHeader } from "#app/components/site/page-header";
import { StoreLinkGrid } from "#app/components/site/store-link-grid";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { listMatchingStores, listStoresAtoZ, STORES_PER_INDEX_PAGE } from "#app/modules/stores/stores-public.server";
import { searchQueryOf } from "#app/modules/search/search-query";
import type { Route } from "./+types/stores";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/**
 * `?from=` is a letter or the name a previous page ended at; anything longer than a name is cut.
 * `?search=` (the site search's 'See all stores') lists the stores whose names match instead, closest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchQueryOf(params, "search");
  if (search) {
    const { stores } = await listMatchingStores(context.db, search, STORES_PER_INDEX_PAGE);
    return { from: "", search, stores, nextFrom: null };
  }
  const from = (params.get("from") ?? "").slice(0, 120);
  return { from, search, ...(await listStoresAtoZ(context.db, from)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta("Stores A–Z", "Every store with live coupons and deals on DealDash, from A to Z.", {
    siteUrl: siteUrlFrom(matches),
    path: loaderData?.from ? `/stores?from=${encodeURIComponent(loaderData.from)}` : "/stores",
  });

const fromHref = (from: string) => `/stores?from=${encodeURIComponent(from)}`;

export default function Stores({ loaderData: { from, search, stores, nextFrom } }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader title={search ? `Stores matching "${search}"` : "Stores A–Z"} tagline="Every store with live coupons and deals." />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ label: "Home", to: "/" }, { label: "Stores" }]} />
        <nav aria-label="Stores by letter">
          <ul className="flex flex-wrap gap-1">
            {LETTERS.map((letter) => (
              <li key={letter}>
                <Link
                  to={fromHref(letter)}
                  aria-current={from.toUpperCase() === letter ? "page" : undefined}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-gray-200 bg-white font-semibold text-gray-800 hover:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
                >
                  {letter}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {stores.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">{search ? `No store with live coupons or deals matches "${search}".` : "No stores with live coupons or deals from here on."}</p>
        ) : (
          <StoreLinkGrid stores={stores} />
        )}
        {nextFrom ? (
          <p className="text-center">
            <Link to={fromHref(nextFrom)} className="font-medium text-brand-700 underline">
              More stores
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
