import { PageHeader } from "~/components/site/page-header";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("Coupons & Promo Codes", "Verified promo codes and coupons from the stores you love.");

export default function Page() {
  return (
    <main>
      <PageHeader title="Coupons & Promo Codes" tagline="Verified promo codes and coupons from the stores you love." />
    </main>
  );
}
