import { PageHeader } from "~/components/site/page-header";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("Buying Guides", "Expert advice to help you choose the right product at the right price.");

export default function Page() {
  return (
    <main>
      <PageHeader title="Buying Guides" tagline="Expert advice to help you choose the right product at the right price." />
    </main>
  );
}
