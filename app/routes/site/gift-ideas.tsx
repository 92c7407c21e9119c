import { Baby, Home, Laptop, Shirt } from "lucide-react";
import { Link } from "react-router";

import { CardGrid, LoadMoreLink, ShowEarlierLink } from "#app/components/site/card-grid";
import { cardImageLoading } from "#app/components/site/card-image";
import { GiftCard, type GiftCardData } from "#app/components/site/gift-card";
import { PageHeader } from "#app/components/site/page-header";
import { Button } from "#app/components/ui/button";
import { pageParam, pageWindow } from "#app/lib/page-window";
import { giftIdeaPath } from "#app/lib/public-paths";
import { listingMeta } from "#app/lib/seo";
import { GIFTS_PER_PAGE, listPublicGiftIdeas } from "#app/modules/gift-ideas/gift-ideas-public.server";

import type { Route } from "./+types/gift-ideas";

// Four category tiles, each 'Coming Soon' with a count of 0.
const comingSoon = [
  { name: "Tech Lovers", icon: Laptop },
  { name: "Home & Garden", icon: Home },
  { name: "Fashion & Style", icon: Shirt },
  { name: "Kids & Baby", icon: Baby },
];

const FEATURED_SHOWN = 6;

const listHref = (page: number) => (page > 1 ? `/gift-ideas?page=${page}` : "/gift-ideas");

export async function loader({ request, context }: Route.LoaderArgs) {
  const window = pageWindow(pageParam(new URL(request.url).searchParams), GIFTS_PER_PAGE);
  const [featured, page] = await Promise.all([
    listPublicGiftIdeas(context.db, { featuredOnly: true, limit: FEATURED_SHOWN }),
    // One row past the window says whether there is more.
    listPublicGiftIdeas(context.db, { offset: window.offset, limit: window.limit + 1 }),
  ]);
  return { featured, gifts: page.slice(0, window.limit), hasMore: page.length > window.limit, window };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  listingMeta(matches, {
    title: "Gift Ideas",
    description: "Curated gift collections for every occasion and everyone on your list.",
    path: "/gift-ideas",
    itemPaths: (loaderData?.gifts ?? []).map(giftIdeaPath),
    search: location.search,
  });

export default function GiftIdeas({ loaderData }: Route.ComponentProps) {
  const { featured, hasMore, window, gifts } = loaderData;
  const { firstPage } = window;
  return (
    <main>
      <PageHeader
        title="Gift Ideas"
        tagline="Curated gift collections for every occasion and everyone on your list."
        feedOf="/gift-ideas"
      />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {comingSoon.map(({ name, icon: Icon }) => (
            <li key={name} className="rounded-2xl border border-gray-200 bg-white p-5 text-center">
              <Icon className="mx-auto mb-2 h-8 w-8 text-brand-600" aria-hidden />
              <p className="font-semibold">{name}</p>
              <p className="text-sm text-gray-500">0 gifts · Coming Soon</p>
            </li>
          ))}
        </ul>
        {gifts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">
            No gift ideas available at the moment. Check back soon for curated collections!
          </p>
        ) : (
          <>
            {featured.length > 0 ? (
              <GiftSection id="featured-gifts" title="Featured Gift Collections" gifts={featured} eager />
            ) : null}
            <GiftSection id="all-gifts" title="All Gift Collections" gifts={gifts} eager={featured.length === 0} paged>
              {firstPage > 1 ? (
                <ShowEarlierLink to={listHref(firstPage - 1)}>Show earlier gift collections</ShowEarlierLink>
              ) : null}
            </GiftSection>
          </>
        )}
        {hasMore ? <LoadMoreLink to={listHref(window.lastPage + 1)}>Load More Gift Collections</LoadMoreLink> : null}
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/deal-dashes">Browse All Deals</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/buying-guides">Read Buying Guides</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}

function GiftSection({
  id,
  title,
  gifts,
  eager = false,
  paged = false,
  children,
}: {
  id: string;
  title: string;
  gifts: readonly GiftCardData[];
  eager?: boolean;
  paged?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      {children}
      <CardGrid items={gifts} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" paged={paged}>
        {(gift, index) => <GiftCard gift={gift} imageLoading={eager ? cardImageLoading(index, 3) : "lazy"} />}
      </CardGrid>
    </section>
  );
}
