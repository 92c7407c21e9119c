import { Link } from "react-router";

import { signedLinkOf, SignedLinkPage } from "#app/components/site/signed-link-page";
import { pageMeta } from "#app/lib/seo";
import { alertLink, alertLinkMatches, alertToManage, confirmAlert } from "#app/modules/alerts/alerts.server";

import type { Route } from "./+types/alert-confirm";

export const meta = () => [
  ...pageMeta("Deal alert", "Confirm your DealDash deal alert."),
  { name: "robots", content: "noindex" },
];

/** The confirmation message's link (`?a=<alert>&t=<signature>`): asks, and its button starts the alert. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { id, token } = signedLinkOf(request, "a");
  return {
    hasLink: alertLinkMatches(context.appSecret, "confirm", id, token) && Boolean(await alertToManage(context.db, id)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = signedLinkOf(request, "a");
  const done = await confirmAlert(context.db, context.appSecret, id, token);
  // Its manage page, reached from here without waiting for the first alert message.
  const manage = new URL(alertLink(context, "manage", id));
  return { done, manage: done ? manage.pathname + manage.search : null };
}

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkPage
      title="Deal alert"
      hasLink={loaderData.hasLink}
      done={actionData?.done}
      words={{
        question: "Start this deal alert? We email you when a matching deal is published.",
        button: "Start my alert",
        done: "Your alert is on: we email you when a matching deal is published.",
        invalid: "This confirmation link is not valid, or the alert was deleted. Set up a new one from any deals page.",
      }}
      after={
        actionData?.manage ? (
          <p>
            <Link to={actionData.manage} className="font-medium text-brand-600 underline">
              Edit or pause this alert
            </Link>
          </p>
        ) : null
      }
    />
  );
}
