import { signedLinkOf, SignedLinkPage } from "#app/components/site/signed-link-page";
import { pageMeta } from "#app/lib/seo";
import { alertLinkMatches, pauseAlertsOfAddress } from "#app/modules/alerts/alerts.server";

import type { Route } from "./+types/alert-unsubscribe";

export const meta = () => [
  ...pageMeta("Stop deal alerts", "Stop your DealDash deal alerts."),
  { name: "robots", content: "noindex" },
];

/** The link in every alert message and its List-Unsubscribe header: the POST pauses every alert of the address. */
export function loader({ request }: Route.LoaderArgs) {
  return { hasLink: Boolean(signedLinkOf(request, "a").token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = signedLinkOf(request, "a");
  return {
    done: alertLinkMatches(context.appSecret, "unsubscribe", id, token) && (await pauseAlertsOfAddress(context.db, id)),
  };
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkPage
      title="Stop deal alerts"
      hasLink={loaderData.hasLink}
      done={actionData?.done}
      words={{
        question: "Pause every deal alert of this address?",
        button: "Stop my alerts",
        done: "Your deal alerts are paused: no more alert emails will come to this address.",
        invalid: "This link is not valid. Use the link in the latest alert email.",
        noLink: "Use the link at the bottom of any DealDash alert email.",
      }}
    />
  );
}
