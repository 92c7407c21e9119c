import { Link } from "react-router";

import { signedLinkOf, SignedLinkPage } from "#app/components/site/signed-link-page";
import { pageMeta } from "#app/lib/seo";
import { confirmationLinkValid, confirmSubscription } from "#app/modules/newsletter/newsletter.server";

import type { Route } from "./+types/newsletter-confirm";

export const meta = () => [
  ...pageMeta("Newsletter", "Confirm your DealDash newsletter subscription."),
  { name: "robots", content: "noindex" },
];

/** The confirmation message's link (`?s=<subscriber>&t=<signature>`): asks, and its button subscribes the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { id, token } = signedLinkOf(request, "s");
  return { hasLink: await confirmationLinkValid(context.db, context.appSecret, id, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = signedLinkOf(request, "s");
  return { done: await confirmSubscription(context.db, context.appSecret, id, token) };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkPage
      title="Newsletter"
      hasLink={loaderData.hasLink}
      done={actionData?.done}
      words={{
        question: "Get the DealDash weekly deals newsletter at this address?",
        button: "Confirm my subscription",
        done: "You're subscribed: the DealDash weekly deals newsletter will come to your inbox.",
        invalid:
          "This confirmation link is not valid or has expired. Subscribe again with the form at the bottom of any page.",
      }}
      after={
        <p>
          <Link to="/deal-dashes" className="font-medium text-brand-600 underline">
            Browse today's deals
          </Link>
        </p>
      }
    />
  );
}
