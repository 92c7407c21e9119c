import { data, Link } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { Breadcrumbs, type Crumb } from "#app/components/site/breadcrumbs";
import { DealGridPreview } from "#app/components/site/deal-grid-preview";
import { PageHeader } from "#app/components/site/page-header";
import { countLabel } from "#app/lib/counts";
import { feedAlternates } from "#app/lib/feed-links";
import { categoryPath, dealPath } from "#app/lib/public-paths";
import { breadcrumbList, itemList, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { readCategoryPage } from "#app/modules/categories/category-page.server";

import type { Route } from "./+types/category";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readCategoryPage(context.db, params.slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

type Category = Route.ComponentProps["loaderData"]["category"];

const crumbsOf = (category: Category): Crumb[] => [
  { label: "Home", to: "/" },
  ...(category.parent ? [{ label: category.parent.name, to: categoryPath(category.parent) }] : []),
  { label: category.name },
];

const descriptionOf = (category: Category) =>
  category.description ?? `The best ${category.name.toLowerCase()} deals, checked by the DealDash team.`;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Category not found", "This category does not exist.");
  const { category, deals } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(`${category.name} Deals`, descriptionOf(category), { siteUrl, path: categoryPath(category) }),
    itemList(deals.map((deal) => siteUrl + dealPath(deal))),
    breadcrumbList(siteUrl, crumbsOf(category), siteUrl + categoryPath(category)),
    ...feedAlternates(`${category.name} Deals`, categoryPath(category)),
  ];
};

export default function CategoryPage({ loaderData: { category, deals, total } }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader title={`${category.name} Deals`} tagline={descriptionOf(category)} feedOf={categoryPath(category)} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={crumbsOf(category)} />
        {category.children.length > 0 ? (
          <nav aria-label={`${category.name} subcategories`}>
            <ul className="flex flex-wrap gap-2">
              {category.children.map((child) => (
                <li key={child.slug}>
                  <Link
                    to={categoryPath(child)}
                    className="inline-flex rounded-full border border-gray-300 bg-white px-4 py-1.5 text-sm font-medium text-gray-800 hover:border-brand-600 hover:text-brand-700"
                  >
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {deals.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">{`No live ${category.name.toLowerCase()} deals right now. Check back soon!`}</p>
        ) : (
          <>
            <h2 className="text-2xl font-bold">{countLabel(total, "live deal", "live deals")}</h2>
            <AffiliateDisclosure />
            <DealGridPreview
              deals={deals}
              total={total}
              placement="category-page"
              filter={{ category: category.slug }}
              seeAllSuffix={`in ${category.name}`}
            />
          </>
        )}
      </div>
    </main>
  );
}
