import { ArrowRight, Baby, Home as HomeIcon, Laptop, type LucideIcon, Shirt, Tag, Users, Zap } from "lucide-react";
import { Link } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { CardGrid } from "#app/components/site/card-grid";
import { DealCard } from "#app/components/site/deal-card";
import { GiftCard } from "#app/components/site/gift-card";
import { GuideCard } from "#app/components/site/guide-card";
import { Section } from "#app/components/site/section";
import { Button } from "#app/components/ui/button";
import { CouponCard } from "#app/islands/coupon-card";
import { countLabel } from "#app/lib/counts";
import { categoryPath } from "#app/lib/public-paths";
import { roundedDown } from "#app/lib/rounded-figure";
import { jsonLd, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { listPublicGuides } from "#app/modules/buying-guides/buying-guides-public.server";
import { listTrendingCoupons } from "#app/modules/coupons/coupons-public.server";
import { categoryDealCounts, listHotDeals } from "#app/modules/deals/deals-public.server";
import { listPublicGiftIdeas } from "#app/modules/gift-ideas/gift-ideas-public.server";
import { publicFigures, type SiteStats } from "#app/modules/site-stats/public-figures";
import { siteStats } from "#app/modules/site-stats/site-stats.server";

import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const [deals, coupons, categories, guides, gifts, stats] = await Promise.all([
    listHotDeals(context.db, 3),
    listTrendingCoupons(context.db, 2),
    categoryDealCounts(context.db, 4),
    listPublicGuides(context.db, { limit: 3 }),
    listPublicGiftIdeas(context.db, { limit: 3 }),
    siteStats(context.db),
  ]);
  return {
    deals,
    coupons,
    categories,
    guides: guides.guides,
    gifts,
    // Only what the database shows, and no audience figure a small site would boast of.
    stats: publicFigures(stats),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta("DealDash", "Hot deals, coupons, gift ideas and buying guides that save you money every day.", {
      siteUrl,
      path: "/",
    }),
    jsonLd({
      "@type": "WebSite",
      name: "DealDash",
      url: `${siteUrl}/`,
      potentialAction: {
        "@type": "SearchAction",
        // The site search the header's box sends to.
        target: `${siteUrl}/search?q={search_term_string}`,
        "query-input": "required name=search_term_string",
      },
    }),
  ];
};

const categoryIcons: Record<string, LucideIcon> = {
  electronics: Laptop,
  "home-garden": HomeIcon,
  "baby-kids": Baby,
  fashion: Shirt,
};

/** The site's figures as measured (rounded down); a figure with nothing to show yet is left out. */
function heroStatsOf(stats: SiteStats) {
  return [
    { icon: Zap, count: stats.liveDeals, label: "Active Deals" },
    { icon: Tag, count: stats.liveCoupons, label: "Coupons" },
    { icon: Users, count: stats.subscribers, label: "Newsletter Readers" },
  ].filter((stat) => stat.count > 0);
}

function bandStatsOf(stats: SiteStats) {
  return [
    { count: stats.liveDeals, label: "Active deals" },
    { count: stats.verifiedCoupons, label: "Verified coupons" },
    { count: stats.clicksOut, label: "Shoppers sent to stores" },
    { count: stats.subscribers, label: "Newsletter readers" },
  ].filter((stat) => stat.count > 0);
}

export default function Home({
  loaderData: { deals, coupons, categories, guides, gifts, stats },
}: Route.ComponentProps) {
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500 text-white">
        {/* On a phone the hero is a few lines and two buttons, so the first deal shows on the first screen. */}
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-6 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div className="space-y-3 sm:space-y-6">
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-5xl">
              Dash to the best deals before they're gone
            </h1>
            <p className="max-w-xl text-base text-white/90 sm:text-lg">
              Hand-picked price drops, working promo codes and honest buying guides, updated every day.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" variant="accent">
                <Link to="/deal-dashes">
                  Browse Hot Deals <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/60 bg-white/10 text-white hover:bg-white/20"
              >
                <Link to="/coupons">Get Coupons</Link>
              </Button>
            </div>
          </div>
          <ul className="hidden grid-cols-3 gap-4 sm:grid">
            {heroStatsOf(stats).map(({ icon: Icon, count, label }) => (
              <li key={label} className="rounded-2xl bg-white/10 p-5 text-center backdrop-blur">
                <Icon className="mx-auto mb-2 h-6 w-6" aria-hidden />
                <p className="text-2xl font-extrabold">{roundedDown(count)}</p>
                <p className="text-sm text-white/80">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section title="Hot Deals" link={{ to: "/deal-dashes", label: "View All Deals" }} empty={deals.length === 0}>
        <AffiliateDisclosure />
        <CardGrid items={deals} className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(deal) => <DealCard deal={deal} placement="home-hot" />}
        </CardGrid>
      </Section>

      <Section
        title="Trending Coupons"
        link={{ to: "/coupons", label: "View All Coupons" }}
        className="bg-white"
        empty={coupons.length === 0}
      >
        <CardGrid items={coupons} className="grid gap-6 md:grid-cols-2">
          {(coupon) => <CouponCard coupon={coupon} placement="home-coupons" />}
        </CardGrid>
      </Section>

      <Section title="Shop by Category" empty={categories.length === 0}>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {categories.map((category) => {
            const Icon = categoryIcons[category.slug] ?? Tag;
            return (
              <li key={category.id}>
                <Link
                  to={categoryPath(category)}
                  className="flex flex-col items-center gap-2 rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm hover:border-brand-500"
                >
                  <Icon className="h-8 w-8 text-brand-600" aria-hidden />
                  <span className="font-semibold">{category.name}</span>
                  <span className="text-sm text-gray-500" data-testid="category-count">
                    {countLabel(category.count, "deal", "deals")}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        title="Buying Guides"
        link={{ to: "/buying-guides", label: "View All Guides" }}
        className="bg-white"
        empty={guides.length === 0}
      >
        <CardGrid items={guides} className="grid gap-6 md:grid-cols-3">
          {(guide) => <GuideCard guide={guide} />}
        </CardGrid>
      </Section>

      <Section title="Gift Ideas" link={{ to: "/gift-ideas", label: "View All Gift Ideas" }} empty={gifts.length === 0}>
        <CardGrid items={gifts} className="grid gap-6 md:grid-cols-3">
          {(gift) => <GiftCard gift={gift} />}
        </CardGrid>
      </Section>

      <section aria-label="DealDash in numbers" className="bg-white">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-12 text-center md:grid-cols-4">
          {bandStatsOf(stats).map((stat) => (
            <li key={stat.label}>
              <p className="text-3xl font-extrabold text-brand-600">{roundedDown(stat.count)}</p>
              <p className="text-sm text-gray-600">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
