import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";
import { TIP_LIMIT } from "#app/modules/rate-limit/rate-limit.server";
import { REJECTED_FOR } from "#app/modules/sourcing/candidates.server";

import type { Route } from "./+types/privacy";

export const meta = () => pageMeta("Privacy", "What DealDash stores about visitors, and why.");

/** How long what we keep is kept, and the forms' limits: the site's own settings, not figures written here. */
export function loader({ context }: Route.LoaderArgs) {
  return {
    clickDays: context.env.CLICK_RETENTION_DAYS,
    mailDays: context.env.MAIL_RETENTION_DAYS,
    tipsPerHour: TIP_LIMIT.max,
    tipTurnedDownDays: REJECTED_FOR / 86_400_000,
  };
}

export default function Privacy({
  loaderData: { clickDays, mailDays, tipsPerHour, tipTurnedDownDays },
}: Route.ComponentProps) {
  return (
    <InfoPage title="Privacy Policy">
      <p>We keep as little about you as we can. This is everything DealDash stores:</p>
      <ul>
        <li>
          <strong>Cookie consent:</strong> your Accept or Decline choice, in your browser (local storage and a cookie),
          so we do not ask again.
        </li>
        <li>
          <strong>Saved deals:</strong> the deals you save with the heart button stay in your browser only.
        </li>
        <li>
          <strong>Clicks to retailers and coupon codes shown:</strong> which item, its store and category, when, where
          on our site the link was (a card, a guide…), the site that sent you here (its name only) and the kind of
          device (phone, tablet or desktop, worked out from your browser and then forgotten). Not your IP address, not
          your browser's details, nothing that identifies you. Each click is deleted after {clickDays} days; daily
          totals stay.
        </li>
        <li>
          <strong>The click's code, sent to affiliate networks:</strong> when a link goes to a store through an
          affiliate network, we add the click's code to it (a random code made for that click, nothing about you), so
          the network can tell us which click a sale came from. The owner can turn this off for a store.
        </li>
        <li>
          <strong>Sales reports:</strong> the affiliate networks report to us each sale made through our links, with its
          amount, our commission, its state (pending, approved or cancelled) and that code. We join a report to its
          click to learn which deals earn. A report names no shopper.
        </li>
        <li>
          <strong>Your answers on coupons and deals</strong> ('Did it work?', 'Expired?'): the answer and the day, with
          a scrambled code made from your address and that day, so you can answer once a day. The code cannot be turned
          back into your address, nor linked to your answers on other days. Each item keeps how many answered what.
        </li>
        <li>
          <strong>Newsletter:</strong> if you subscribe, your email address, whether you confirmed it (an unconfirmed
          address is deleted after 7 days), when you confirmed or left, and when the last newsletter was sent to you.
        </li>
        <li>
          <strong>Deal alerts:</strong> if you set one up, your email address and what you asked for (words, store,
          category, highest price, lowest discount, instant or daily), whether you confirmed it, and which deals we have
          sent you, so none is sent twice.
        </li>
        <li>
          <strong>Emails we send you</strong> (confirmations, newsletters, alerts): kept {mailDays} days after sending,
          then deleted.
        </li>
        <li>
          <strong>Contact messages:</strong> what you send us through the contact form, to answer you.
        </li>
        <li>
          <strong>Deals you send us</strong> (Submit a deal): the link, title, price and note you typed, waiting for the
          owner's review, then kept with the owner's decision. A link the owner turned down is not put in the queue
          again for {tipTurnedDownDays} days. Nothing about you is kept with it. You can send {tipsPerHour} an hour.
        </li>
        <li>
          <strong>Limits on forms:</strong> to stop floods, a scrambled code made from your address is kept for each
          recent contact message, sign-up, deal sent and answer; it counts for an hour and is deleted the next time
          anyone sends that form after that.
        </li>
      </ul>
      <p>
        Every email we send has a link to stop it. Retailers you visit through our links have their own privacy
        policies.
      </p>
    </InfoPage>
  );
}
