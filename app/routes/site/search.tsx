import type { ReactNode } from "react";
import { Form, Link, redirect } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { CardGrid } from "#app/components/site/card-grid";
import { cardImageLoading } from "#app/components/site/card-image";
import { DealCard } from "#app/components/site/deal-card";
import { GuideCard } from "#app/components/site/guide-card";
import { PageHeader } from "#app/components/site/page-header";
import { StoreLinkGrid } from "#app/components/site/store-link-grid";
import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { CouponCard } from "#app/islands/coupon-card";
import { countLabel } from "#app/lib/counts";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { SEARCH_MAX_LENGTH, searchQueryOf } from "#app/modules/search/search-query";
import { searchSite } from "#app/modules/search/site-search.server";

import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchQueryOf(params, "q");
  // A search sent with spaces around it (a browser without the page's script) goes to its trimmed address.
  if (params.has("q") && params.get("q") !== q)
    throw redirect(q ? `/search?q=${encodeURIComponent(q)}` : "/search", 301);
  return { q, results: q ? await searchSite(context.db, q) : null };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(
    loaderData?.q ? `Search results for "${loaderData.q}"` : "Search",
    "Search deals, coupons, stores and buying guides on DealDash.",
    {
      siteUrl: siteUrlFrom(matches),
      path: "/search",
    },
  ),
  // Result pages are endless and thin: search engines should rank the pages they lead to.
  { name: "robots", content: "noindex, follow" },
];

const encoded = (q: string) => encodeURIComponent(q);

function Section({
  title,
  summary,
  seeAll,
  children,
}: {
  title: string;
  summary: string;
  seeAll?: { to: string; label: string };
  children: ReactNode;
}) {
  const id = `results-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold text-gray-900">
          {title} <span className="text-base font-normal text-gray-600">({summary})</span>
        </h2>
        {seeAll ? (
          <Link to={seeAll.to} className="font-medium text-brand-700 underline">
            {seeAll.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export default function SearchPage({ loaderData: { q, results } }: Route.ComponentProps) {
  const nothing =
    results &&
    !results.deals.deals.length &&
    !results.coupons.coupons.length &&
    !results.stores.stores.length &&
    !results.guides.guides.length;
  return (
    <main>
      <PageHeader
        title={q ? `Results for "${q}"` : "Search"}
        tagline="Deals, coupons, stores and buying guides in one search."
      />
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-8">
        <Form
          method="get"
          action="/search"
          role="search"
          aria-label="Search again"
          data-trim
          className="flex gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
        >
          <SearchInput
            className="flex-1"
            key={q}
            name="q"
            defaultValue={q}
            placeholder="Search deals, coupons..."
            aria-label="Search deals, coupons, stores and guides"
            maxLength={SEARCH_MAX_LENGTH}
          />
          <Button type="submit">Search</Button>
        </Form>
        {!results ? (
          <p className="text-gray-700">Type what you are looking for: a product, a store or a kind of deal.</p>
        ) : null}
        {nothing ? (
          <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center" role="status">
            <p className="text-gray-700">Nothing matches "{q}". Try fewer or different words.</p>
            <Link to="/deal-dashes" className="mt-3 inline-block font-medium text-brand-700 underline">
              Browse all deals
            </Link>
          </div>
        ) : null}
        {results && !nothing ? (
          <>
            <AffiliateDisclosure />
            {results.deals.deals.length ? (
              <Section
                title="Deals"
                summary={countLabel(results.deals.total, "deal", "deals")}
                seeAll={{ to: `/deal-dashes?search=${encoded(q)}`, label: "See all deals" }}
              >
                <CardGrid items={results.deals.deals} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                  {(deal, index) => (
                    <DealCard deal={deal} placement="search" imageLoading={cardImageLoading(index, 4)} />
                  )}
                </CardGrid>
              </Section>
            ) : null}
            {results.coupons.coupons.length ? (
              <Section
                title="Coupons"
                summary={countLabel(results.coupons.total, "coupon", "coupons")}
                seeAll={{ to: `/coupons?search=${encoded(q)}`, label: "See all coupons" }}
              >
                <CardGrid items={results.coupons.coupons} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {(coupon) => <CouponCard coupon={coupon} placement="search" />}
                </CardGrid>
              </Section>
            ) : null}
            {results.stores.stores.length ? (
              <Section
                title="Stores"
                summary={
                  results.stores.hasMore
                    ? `more than ${results.stores.stores.length}`
                    : countLabel(results.stores.stores.length, "store", "stores")
                }
                seeAll={
                  results.stores.hasMore ? { to: `/stores?search=${encoded(q)}`, label: "See all stores" } : undefined
                }
              >
                <StoreLinkGrid stores={results.stores.stores} />
              </Section>
            ) : null}
            {results.guides.guides.length ? (
              <Section
                title="Guides"
                summary={countLabel(results.guides.total, "guide", "guides")}
                seeAll={{ to: `/buying-guides?search=${encoded(q)}`, label: "See all guides" }}
              >
                <CardGrid items={results.guides.guides} className="grid gap-6 md:grid-cols-3">
                  {(guide) => <GuideCard guide={guide} />}
                </CardGrid>
              </Section>
            ) : null}
          </>
        ) : null}
      </div>
    </main>
  );
}
