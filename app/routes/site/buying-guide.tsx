import { data } from "react-router";
import { db } from "~/db/database.server";
import { pageMeta } from "~/lib/seo";
import { findPublicGuideBySlug } from "~/modules/buying-guides/buying-guides.server";
import type { Route } from "./+types/buying-guide";

export async function loader({ params }: Route.LoaderArgs) {
  const guide = await findPublicGuideBySlug(db(), params.slug);
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.guide.title, loaderData.guide.excerpt ?? loaderData.guide.title) : [];

export default function BuyingGuide({ loaderData: { guide } }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <article className="space-y-6">
        <img src={guide.coverImageUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />
        <h1 className="text-3xl font-extrabold tracking-tight">{guide.title}</h1>
        {guide.excerpt ? <p className="text-lg text-gray-700">{guide.excerpt}</p> : null}
        {guide.readTime ? <p className="text-sm text-gray-500">{guide.readTime} min read</p> : null}
      </article>
    </main>
  );
}
