import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";

export const meta = () => pageMeta("About", "Who we are and how DealDash finds the deals it lists.");

export default function About() {
  return (
    <InfoPage title="About DealDash">
      <p>
        DealDash is a small team of bargain hunters. Every day we check prices at the stores you already shop at and
        list the deals, coupons and gifts that are genuinely worth your money.
      </p>
      <h2>How we choose deals</h2>
      <p>
        We compare the current price with the price the product usually sells for, and only list real reductions. Our
        buying guides explain what matters before you buy.
      </p>
      <h2>How we make money</h2>
      <p>
        When you buy through a link on DealDash we may earn a commission, at no extra cost to you. Read our disclaimer
        for the details.
      </p>
    </InfoPage>
  );
}
