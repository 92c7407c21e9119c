import { signedLinkOf, SignedLinkPage } from "#app/components/site/signed-link-page";
import { pageMeta } from "#app/lib/seo";
import { isUuid } from "#app/lib/uuid";
import { unsubscribe } from "#app/modules/newsletter/newsletter.server";

import type { Route } from "./+types/newsletter-unsubscribe";

export const meta = () => [
  ...pageMeta("Unsubscribe", "Stop the DealDash newsletter."),
  { name: "robots", content: "noindex" },
];

/** The link every newsletter carries (`?s=&t=`) and its List-Unsubscribe header. */
export function loader({ request }: Route.LoaderArgs) {
  return { hasLink: Boolean(signedLinkOf(request, "s").token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = signedLinkOf(request, "s");
  return { done: isUuid(id) && (await unsubscribe(context.db, context.appSecret, id, token)) };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkPage
      title="Unsubscribe"
      hasLink={loaderData.hasLink}
      done={actionData?.done}
      words={{
        question: "Stop getting the DealDash weekly deals newsletter at this address?",
        button: "Unsubscribe",
        done: "You're unsubscribed: no more newsletters will come to this address.",
        invalid: "This unsubscribe link is not valid. Use the link in the latest newsletter.",
        noLink: "Use the unsubscribe link at the bottom of any DealDash newsletter.",
      }}
    />
  );
}
