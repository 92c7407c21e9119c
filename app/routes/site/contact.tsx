import { InfoPage } from "~/components/site/info-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("Contact", "Get in touch with the DealDash team.");

export default function Contact() {
  return (
    <InfoPage title="Contact Us">
      <p>
        Found a broken deal, an expired coupon or a price that changed? Want to suggest a store? We read every message.
      </p>
    </InfoPage>
  );
}
