import { Clock } from "lucide-react";
import { data, redirect } from "react-router";
import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { TagList } from "#app/components/site/tag-list";
import { CouponCard } from "#app/components/site/coupon-card";
import { DealCard } from "#app/components/site/deal-card";
import { GiftCard } from "#app/components/site/gift-card";
import { SafeHtml } from "#app/components/site/safe-html";
import { db } from "#app/db/database.server";
import { isUuid } from "#app/lib/uuid";
import { splitContent, tokenIds } from "#app/lib/content-tokens";
import { guideDate } from "#app/lib/guide-date";
import { jsonLd, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { findPublicGuideBySlug, findPublicGuideSlugById } from "#app/modules/buying-guides/buying-guides.server";
import { sanitizeRichText } from "#app/modules/content/safe-html.server";
import { couponTargetUrl, findPublicCouponsByIds } from "#app/modules/coupons/coupons-public.server";
import { findPublicDealsByIds } from "#app/modules/deals/deals-public.server";
import { findPublicGiftIdeasByIds } from "#app/modules/gift-ideas/gift-ideas-public.server";
import type { Route } from "./+types/buying-guide";


export async function loader({ params }: Route.LoaderArgs) {
  // The spec's second reading links guides by id: answer with the slug URL.
  if (isUuid(params.slug)) {
    const slug = await findPublicGuideSlugById(db(), params.slug);
    if (slug) throw redirect(`/buying-guides/${slug}`, 301);
  }
  const guide = await findPublicGuideBySlug(db(), params.slug);
  if (!guide) throw data(null, { status: 404 });

  // Sanitised again on the way out, whatever is stored; tokens become cards of published items only.
  const html = sanitizeRichText(guide.content);
  const ids = tokenIds(html);
  const [deals, coupons, gifts] = await Promise.all([
    findPublicDealsByIds(db(), ids.deal),
    findPublicCouponsByIds(db(), ids.coupon),
    findPublicGiftIdeasByIds(db(), ids.gift),
  ]);
  type Rendered =
    | { type: "html"; html: string }
    | { type: "deal"; deal: (typeof deals)[number] }
    | { type: "coupon"; coupon: (typeof coupons)[number] & { targetUrl: string } }
    | { type: "gift"; gift: (typeof gifts)[number] };
  const segments = splitContent(html).flatMap((segment): Rendered[] => {
    if (segment.type === "html") return [segment];
    if (segment.kind === "deal") return deals.filter((d) => d.id === segment.id).map((deal) => ({ type: "deal", deal }));
    if (segment.kind === "coupon") {
      return coupons.filter((c) => c.id === segment.id).map((coupon) => ({ type: "coupon", coupon: { ...coupon, targetUrl: couponTargetUrl(coupon) } }));
    }
    return gifts.filter((g) => g.id === segment.id).map((gift) => ({ type: "gift", gift }));
  });
  const { content: _content, ...meta } = guide;
  return { guide: meta, segments };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Guide not found", "This buying guide does not exist.");
  const { guide } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(guide.title, guide.excerpt ?? guide.title, { siteUrl, path: `/buying-guides/${guide.slug}`, image: guide.coverImageUrl, type: "article" }),
    jsonLd({
      "@type": "Article",
      headline: guide.title,
      description: guide.excerpt ?? undefined,
      image: new URL(guide.coverImageUrl, `${siteUrl}/`).toString(),
      datePublished: new Date(guide.createdAt).toISOString(),
      dateModified: new Date(guide.updatedAt).toISOString(),
      mainEntityOfPage: `${siteUrl}/buying-guides/${guide.slug}`,
      publisher: { "@type": "Organization", name: "DealDash" },
    }),
  ];
};

export default function BuyingGuide({ loaderData: { guide, segments } }: Route.ComponentProps) {
  const hasAffiliateLinks = segments.some((segment) => segment.type !== "html");
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article className="space-y-6">
        <header className="space-y-4">
          {guide.categoryName ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{guide.categoryName}</p> : null}
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{guide.title}</h1>
          {guide.excerpt ? <p className="text-lg text-gray-700">{guide.excerpt}</p> : null}
          <p className="flex items-center gap-4 text-sm text-gray-500">
            {guide.readTime ? (
              <span className="flex items-center gap-1">
                <Clock className="h-4 w-4" aria-hidden /> {guide.readTime} min read
              </span>
            ) : null}
            <time dateTime={new Date(guide.createdAt).toISOString()}>{guideDate(guide.createdAt)}</time>
          </p>
          <img src={guide.coverImageUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />
        </header>
        {hasAffiliateLinks ? <AffiliateDisclosure /> : null}
        {segments.map((segment, index) => {
          if (segment.type === "html") return <SafeHtml key={index} html={segment.html} />;
          const card =
            segment.type === "deal" ? (
              <DealCard deal={segment.deal} placement="guide" layout="list" />
            ) : segment.type === "coupon" ? (
              <CouponCard coupon={segment.coupon} placement="guide" />
            ) : (
              <GiftCard gift={segment.gift} />
            );
          return (
            <div key={index} className="my-6">
              {card}
            </div>
          );
        })}
        <TagList tags={guide.tags} className="border-t border-gray-200 pt-6" />
      </article>
    </main>
  );
}
