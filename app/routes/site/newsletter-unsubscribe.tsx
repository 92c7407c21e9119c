import { Form, Link } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { pageMeta } from "#app/lib/seo";
import { unsubscribe } from "#app/modules/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta = () => [...pageMeta("Unsubscribe", "Stop the DealDash newsletter."), { name: "robots", content: "noindex" }];

const linkOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return { id: params.get("s") ?? "", token: params.get("t") };
};

/**
 * The link every newsletter carries (`?s=&t=`): the page asks before it acts (mail scanners follow links),
 * and its POST, also what a mail client's one-click 'Unsubscribe' sends (RFC 8058), unsubscribes.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { hasLink: Boolean(linkOf(request).token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, token } = linkOf(request);
  const done = /^[0-9a-f-]{36}$/.test(id) && (await unsubscribe(context.db, context.appSecret, id, token));
  return { done };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InfoPage title="Unsubscribe">
      {actionData ? (
        <p role="status">
          {actionData.done
            ? "You're unsubscribed: no more newsletters will come to this address."
            : "This unsubscribe link is not valid. Use the link in the latest newsletter."}
        </p>
      ) : loaderData.hasLink ? (
        <Form method="post" className="space-y-4">
          <p>Stop getting the DealDash weekly deals newsletter at this address?</p>
          <Button type="submit">Unsubscribe</Button>
        </Form>
      ) : (
        <p>Use the unsubscribe link at the bottom of any DealDash newsletter.</p>
      )}
      <p>
        <Link to="/" className="font-medium text-brand-600 underline">
          Return to Home
        </Link>
      </p>
    </InfoPage>
  );
}
