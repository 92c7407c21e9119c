import { data } from "react-router";

import { InfoPage, ReturnHomeLink } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";
import { signUpFromForm } from "#app/modules/newsletter/newsletter-signup.server";

import type { Route } from "./+types/newsletter";

export const meta = () => pageMeta("Newsletter", "The DealDash weekly deals newsletter.");

/** The footer's form without JavaScript posts here (its script posts to /newsletter/subscribe). */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result } = await signUpFromForm(request, context);
  return data(result, { status });
}

/** This page shows the outcome. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <InfoPage title="Newsletter">
      <p role="status">{actionData?.message ?? "Subscribe with the form at the bottom of any page."}</p>
      <ReturnHomeLink />
    </InfoPage>
  );
}
