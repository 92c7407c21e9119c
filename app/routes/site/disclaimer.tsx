import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";

export const meta = () => pageMeta("Disclaimer", "How DealDash earns money from affiliate links.");

export default function Disclaimer() {
  return (
    <InfoPage title="Affiliate Disclaimer">
      <p>
        DealDash is reader-supported. Some links on this site are affiliate links: when you click one and buy something,
        the retailer may pay us a commission. This never changes the price you pay.
      </p>
      <p>As an Amazon Associate I earn from qualifying purchases.</p>
      <h2>Our promise</h2>
      <p>
        Commissions do not decide which deals we list or how we rank them. Prices and availability change quickly: the
        price at the retailer when you buy is the one that applies.
      </p>
      <h2 id="prices">Amazon prices</h2>
      <p>
        Product prices and availability are accurate as of the date and time shown and are subject to change. Any price
        and availability information displayed on Amazon at the time of purchase will apply to the purchase of the
        product. We refresh Amazon prices at least every 24 hours and hide them when they are older.
      </p>
      <p>
        This disclosure is made in line with the U.S. Federal Trade Commission's guides on endorsements and testimonials
        in advertising.
      </p>
    </InfoPage>
  );
}
