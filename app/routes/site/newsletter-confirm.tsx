import { Link } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";
import { confirmSubscription } from "#app/modules/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";
import { isUuid } from "#app/lib/uuid";

export const meta = () => [...pageMeta("Newsletter", "Confirm your DealDash newsletter subscription."), { name: "robots", content: "noindex" }];

/** The confirmation message's link (`?s=<subscriber>&t=<signature>`): subscribes the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("s") ?? "";
  const confirmed = isUuid(id) && (await confirmSubscription(context.db, context.appSecret, id, params.get("t")));
  return { confirmed };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage title="Newsletter">
      <p role="status">
        {loaderData.confirmed
          ? "You're subscribed: the DealDash weekly deals newsletter will come to your inbox."
          : "This confirmation link is not valid or has expired. Subscribe again with the form at the bottom of any page."}
      </p>
      <p>
        <Link to="/deal-dashes" className="font-medium text-brand-600 underline">
          Browse today's deals
        </Link>
      </p>
    </InfoPage>
  );
}
