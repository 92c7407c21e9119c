import { Link } from "react-router";

import { CardGrid, LoadMoreLink, ShowEarlierLink } from "#app/components/site/card-grid";
import { GuideCard } from "#app/components/site/guide-card";
import { PageHeader } from "#app/components/site/page-header";
import { cn } from "#app/lib/cn";
import { countLabel } from "#app/lib/counts";
import { pageParam, pageWindow } from "#app/lib/page-window";
import { guidePath } from "#app/lib/public-paths";
import { listingMeta } from "#app/lib/seo";
import {
  categoriesWithPublicGuides,
  GUIDES_PER_PAGE,
  listPublicGuides,
} from "#app/modules/buying-guides/buying-guides-public.server";
import { searchQueryOf } from "#app/modules/search/search-query";

import type { Route } from "./+types/buying-guides";

/** The list's URL; `search` comes from the site search's 'See all guides'. */
function listHref(category: string | undefined, page = 1, search = "") {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/buying-guides${query ? `?${query}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const category = /^[a-z0-9-]{1,120}$/.test(params.get("category") ?? "") ? params.get("category")! : undefined;
  const search = searchQueryOf(params, "search");
  const window = pageWindow(pageParam(params), GUIDES_PER_PAGE);
  const [{ guides, total }, categories] = await Promise.all([
    listPublicGuides(context.db, { category, search, offset: window.offset, limit: window.limit }),
    categoriesWithPublicGuides(context.db),
  ]);
  return { guides, total, categories, category, search, window };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  listingMeta(matches, {
    title: "Buying Guides",
    description: "Expert advice to help you choose the right product at the right price.",
    path: listHref(loaderData?.category, 1, loaderData?.search),
    itemPaths: (loaderData?.guides ?? []).map(guidePath),
    search: location.search,
  });

export default function BuyingGuides({ loaderData }: Route.ComponentProps) {
  const { total, categories, category, search, window, guides } = loaderData;
  const { firstPage } = window;
  // One featured guide shows large at the top of the list; the rest sit in the grid.
  const featured = firstPage === 1 ? guides.find((guide) => guide.featured) : undefined;
  const rest = guides.filter((guide) => guide !== featured);
  return (
    <main>
      <PageHeader
        title="Buying Guides"
        tagline="Expert advice to help you choose the right product at the right price."
        feedOf="/buying-guides"
      />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <nav aria-label="Guide categories" className="flex flex-wrap gap-2">
          {[{ slug: undefined, name: "All Guides" }, ...categories].map((item) => (
            <Link
              key={item.name}
              to={listHref(item.slug)}
              aria-current={category === item.slug ? "page" : undefined}
              className={cn(
                "rounded-full border px-4 py-2 text-sm font-medium",
                category === item.slug
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-gray-300 bg-white text-gray-700 hover:border-brand-500",
              )}
            >
              {item.name}
            </Link>
          ))}
        </nav>
        {search ? (
          <p className="text-sm text-gray-600" role="status">
            {countLabel(total, "guide", "guides")} for "{search}".{" "}
            <Link to={listHref(category)} className="font-medium text-brand-700 underline">
              Show all guides
            </Link>
          </p>
        ) : null}
        {guides.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">
            {search ? `No buying guides match "${search}".` : "No buying guides here yet. Check back soon!"}
          </p>
        ) : (
          <>
            {/* The cards' titles are level 3: this heading keeps the outline in order. */}
            <h2 className="sr-only">Guides</h2>
            {firstPage > 1 ? (
              <ShowEarlierLink to={listHref(category, firstPage - 1, search)}>Show earlier guides</ShowEarlierLink>
            ) : null}
            {featured ? <GuideCard guide={featured} large /> : null}
            <CardGrid items={rest} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" paged>
              {(guide) => <GuideCard guide={guide} />}
            </CardGrid>
          </>
        )}
        {window.offset + loaderData.guides.length < total ? (
          <LoadMoreLink to={listHref(category, window.lastPage + 1, search)}>Load More Guides</LoadMoreLink>
        ) : null}
      </div>
    </main>
  );
}
