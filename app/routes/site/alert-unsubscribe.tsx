import { Form, Link } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { pageMeta } from "#app/lib/seo";
import { alertLinkMatches, pauseAlertsOfAddress } from "#app/modules/alerts/alerts.server";
import type { Route } from "./+types/alert-unsubscribe";

export const meta = () => [...pageMeta("Stop deal alerts", "Stop your DealDash deal alerts."), { name: "robots", content: "noindex" }];

const linkOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return { id: params.get("a") ?? "", token: params.get("t") };
};

/** The link in every alert message and its List-Unsubscribe header: asks on a GET, pauses every alert of the address on the POST. */
export function loader({ request }: Route.LoaderArgs) {
  return { hasLink: Boolean(linkOf(request).token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = linkOf(request);
  return { done: alertLinkMatches(context.appSecret, "unsubscribe", id, token) && (await pauseAlertsOfAddress(context.db, id)) };
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InfoPage title="Stop deal alerts">
      {actionData ? (
        <p role="status">
          {actionData.done
            ? "Your deal alerts are paused: no more alert emails will come to this address."
            : "This link is not valid. Use the link in the latest alert email."}
        </p>
      ) : loaderData.hasLink ? (
        <Form method="post" className="space-y-4">
          <p>Pause every deal alert of this address?</p>
          <Button type="submit">Stop my alerts</Button>
        </Form>
      ) : (
        <p>Use the link at the bottom of any DealDash alert email.</p>
      )}
      <p>
        <Link to="/" className="font-medium text-brand-600 underline">
          Return to Home
        </Link>
      </p>
    </InfoPage>
  );
}
