import { PageHeader } from "~/components/site/page-header";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/deal-dashes";

export const meta = () =>
  pageMeta("Deal Dashes", "Discover the hottest deals and save big on your favorite products.");

export function loader({ request }: Route.LoaderArgs) {
  // Whitespace-only searches count as no search (spec §5), also when the form posts without JavaScript.
  const search = new URL(request.url).searchParams.get("search")?.trim() ?? "";
  return { search };
}

export default function DealDashes({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader title="Deal Dashes" tagline="Discover the hottest deals and save big on your favorite products" />
      {loaderData.search ? (
        <p className="mx-auto max-w-7xl px-4 py-6 text-gray-700">
          Results for <strong>{loaderData.search}</strong>
        </p>
      ) : null}
    </main>
  );
}
