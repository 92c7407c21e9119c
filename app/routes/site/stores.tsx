import { Link } from "react-router";

import { Breadcrumbs } from "#app/components/site/breadcrumbs";
import { PageHeader } from "#app/components/site/page-header";
import { StoreLinkGrid } from "#app/components/site/store-link-grid";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { searchQueryOf } from "#app/modules/search/search-query";
import {
  listMatchingStores,
  listStoresAtoZ,
  storeInitials,
  STORES_PER_INDEX_PAGE,
} from "#app/modules/stores/stores-public.server";

import type { Route } from "./+types/stores";

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ".split(""), "#"];

/**
 * `?letter=` shows the stores of one letter ("#": names that start otherwise); `?from=` is the name a
 * previous page ended at (anything longer than a name is cut). `?search=` (the site search's 'See all
 * stores') lists the stores whose names match instead, closest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchQueryOf(params, "search");
  const initials = await storeInitials(context.db);
  if (search) {
    const { stores } = await listMatchingStores(context.db, search, STORES_PER_INDEX_PAGE);
    return { letter: "", from: "", search, stores, nextFrom: null, initials };
  }
  const asked = (params.get("letter") ?? "").toUpperCase();
  const letter = LETTERS.includes(asked) ? asked : "";
  const from = (params.get("from") ?? "").slice(0, 120);
  return { letter, from, search, initials, ...(await listStoresAtoZ(context.db, { letter, from })) };
}

/** An index page's address: its letter and where it starts. */
const indexHref = ({ letter, from }: { letter?: string; from?: string }) => {
  const query = new URLSearchParams();
  if (letter) query.set("letter", letter);
  if (from) query.set("from", from);
  const search = query.toString();
  return search ? `/stores?${search}` : "/stores";
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    loaderData?.letter ? `Stores: ${loaderData.letter}` : "Stores A–Z",
    "Every store with live coupons and deals on DealDash, from A to Z.",
    {
      siteUrl: siteUrlFrom(matches),
      path: indexHref({ letter: loaderData?.letter, from: loaderData?.from }),
    },
  );

const letterClass = "inline-flex h-9 w-9 items-center justify-center rounded-lg border font-semibold";

export default function Stores({ loaderData: { letter, search, stores, nextFrom, initials } }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader
        title={search ? `Stores matching "${search}"` : letter ? `Stores: ${letter}` : "Stores A–Z"}
        tagline="Every store with live coupons and deals."
      />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ label: "Home", to: "/" }, { label: "Stores" }]} />
        <nav aria-label="Stores by letter">
          <ul className="flex flex-wrap gap-1">
            <li>
              <Link
                to="/stores"
                aria-current={!letter && !search ? "page" : undefined}
                className={`${letterClass} w-auto border-gray-200 bg-white px-3 text-gray-800 hover:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
              >
                All
              </Link>
            </li>
            {LETTERS.map((initial) => (
              <li key={initial}>
                {initials.includes(initial) ? (
                  <Link
                    to={indexHref({ letter: initial })}
                    aria-current={letter === initial ? "page" : undefined}
                    aria-label={initial === "#" ? "Stores whose names start with a digit or a sign" : undefined}
                    className={`${letterClass} border-gray-200 bg-white text-gray-800 hover:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
                  >
                    {initial}
                  </Link>
                ) : (
                  // No store with live items under this letter: shown in its place, not linked.
                  <span
                    className={`${letterClass} border-gray-100 text-gray-400`}
                    aria-disabled="true"
                    title={`No stores under ${initial}`}
                  >
                    {initial}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {stores.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">
            {search
              ? `No store with live coupons or deals matches "${search}".`
              : letter
                ? `No stores with live coupons or deals under ${letter}.`
                : "No stores with live coupons or deals yet."}
          </p>
        ) : (
          <StoreLinkGrid stores={stores} />
        )}
        {nextFrom ? (
          <p className="text-center">
            <Link to={indexHref({ letter, from: nextFrom })} className="font-medium text-brand-700 underline">
              More stores
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
