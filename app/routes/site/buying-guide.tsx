import { BookOpen } from "lucide-react";
import { data, redirect } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { CardImage } from "#app/components/site/card-image";
import { EmbeddedCard } from "#app/components/site/embedded-card";
import { GuideMeta } from "#app/components/site/guide-card";
import { PreviewBanner, previewRobots } from "#app/components/site/preview-banner";
import { SafeHtml } from "#app/components/site/safe-html";
import { TagList } from "#app/components/site/tag-list";
import { guidePath } from "#app/lib/public-paths";
import { jsonLd, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { isUuid } from "#app/lib/uuid";
import { findPublicGuideBySlug, findPublicGuideSlugById } from "#app/modules/buying-guides/buying-guides-public.server";
import { embedCards } from "#app/modules/catalogue/embeds.server";
import { sanitizeRichText } from "#app/modules/content/safe-html.server";
import { previewedItem, withPreview } from "#app/modules/previews/preview-links.server";

import type { Route } from "./+types/buying-guide";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The spec's second reading links guides by id: answer with the slug URL.
  if (isUuid(params.slug)) {
    const slug = await findPublicGuideSlugById(context.db, params.slug);
    if (slug) throw redirect(guidePath({ slug }), 301);
  }
  const preview = await previewedItem(request, context, "guide");
  const guide = await findPublicGuideBySlug(context.db, params.slug, { previewOf: preview?.itemId });
  if (!guide) throw data(null, { status: 404 });

  // Sanitised again on the way out, whatever is stored; tokens become cards of public items only.
  const segments = await embedCards(context.db, sanitizeRichText(guide.content));
  const { content: _content, ...meta } = guide;
  return withPreview({ guide: meta, segments }, preview);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Guide not found", "This buying guide does not exist.");
  const { guide } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(guide.title, guide.excerpt ?? guide.title, {
      siteUrl,
      path: guidePath(guide),
      image: guide.coverImageUrl,
      type: "article",
    }),
    jsonLd({
      "@type": "Article",
      headline: guide.title,
      description: guide.excerpt ?? undefined,
      image: new URL(guide.coverImageUrl, `${siteUrl}/`).toString(),
      datePublished: new Date(guide.createdAt).toISOString(),
      dateModified: new Date(guide.updatedAt).toISOString(),
      mainEntityOfPage: `${siteUrl}${guidePath(guide)}`,
      publisher: { "@type": "Organization", name: "DealDash" },
    }),
    ...previewRobots(loaderData.preview),
  ];
};

export default function BuyingGuide({ loaderData: { guide, segments, preview } }: Route.ComponentProps) {
  const hasAffiliateLinks = segments.some((segment) => segment.type !== "html");
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <PreviewBanner preview={preview} noun="buying guide" />
      <article className="space-y-6">
        <header className="space-y-4">
          {guide.categoryName ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{guide.categoryName}</p>
          ) : null}
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{guide.title}</h1>
          {guide.excerpt ? <p className="text-lg text-gray-700">{guide.excerpt}</p> : null}
          <GuideMeta guide={guide} className="gap-4 text-sm" />
          <CardImage
            src={guide.coverImageUrl}
            width={1280}
            height={720}
            loading="first"
            fallback={<BookOpen className="h-16 w-16" aria-hidden />}
            className="aspect-video w-full rounded-2xl"
          />
        </header>
        {hasAffiliateLinks ? <AffiliateDisclosure /> : null}
        {segments.map((segment, index) =>
          segment.type === "html" ? (
            <SafeHtml key={index} html={segment.html} />
          ) : (
            <div key={index} className="my-6">
              <EmbeddedCard kind={segment.kind} card={segment.card} />
            </div>
          ),
        )}
        <TagList tags={guide.tags} className="border-t border-gray-200 pt-6" />
      </article>
    </main>
  );
}
