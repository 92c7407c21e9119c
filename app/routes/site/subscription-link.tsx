import { Link } from "react-router";

import { SignedLinkPage } from "#app/components/site/signed-link-page";
import { pageMeta } from "#app/lib/seo";
import { actOnSubscriptionPage, readSubscriptionPage } from "#app/modules/subscriptions/subscription-pages.server";

import type { Route } from "./+types/subscription-link";

// One page for every list's confirm and unsubscribe links (modules/subscriptions).

export const meta = ({ data }: Route.MetaArgs) => [
  ...(data ? pageMeta(data.title, data.description) : []),
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, context }: Route.LoaderArgs) => readSubscriptionPage(context, request);

export const action = ({ request, context }: Route.ActionArgs) => actOnSubscriptionPage(context, request);

export default function SubscriptionLink({ loaderData, actionData }: Route.ComponentProps) {
  const next = actionData?.next;
  return (
    <SignedLinkPage
      title={loaderData.title}
      hasLink={loaderData.hasLink}
      done={actionData?.done}
      words={loaderData.words}
      after={
        next ? (
          <p>
            <Link to={next.to} className="font-medium text-brand-600 underline">
              {next.label}
            </Link>
          </p>
        ) : null
      }
    />
  );
}
