import { PageHeader } from "~/components/site/page-header";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("Gift Ideas", "Curated gift collections for every occasion and everyone on your list.");

export default function Page() {
  return (
    <main>
      <PageHeader title="Gift Ideas" tagline="Curated gift collections for every occasion and everyone on your list." />
    </main>
  );
}
