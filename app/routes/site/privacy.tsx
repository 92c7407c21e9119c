import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";

export const meta = () => pageMeta("Privacy", "What DealDash stores about visitors, and why.");

export default function Privacy() {
  return (
    <InfoPage title="Privacy Policy">
      <p>We keep as little about you as we can. This is everything DealDash stores:</p>
      <ul>
        <li>
          <strong>Cookie consent:</strong> your Accept or Decline choice, in your browser (local storage and a
          cookie), so we do not ask again.
        </li>
        <li>
          <strong>Newsletter email:</strong> only if you subscribe, to send you the newsletter.
        </li>
        <li>
          <strong>Anonymous click counts:</strong> when you follow a link to a retailer we count the click (which
          deal, when, and the referring site). We do not store your IP address or any identifier.
        </li>
        <li>
          <strong>Contact messages:</strong> what you send us through the contact form, to answer you.
        </li>
        <li>
          <strong>Saved deals:</strong> the deals you save with the heart button stay in your browser only.
        </li>
      </ul>
      <p>Retailers you visit through our links have their own privacy policies.</p>
    </InfoPage>
  );
}
