import { signUpFromForm } from "#app/modules/newsletter/newsletter-signup.server";

import type { Route } from "./+types/newsletter-subscribe";

// POST /newsletter/subscribe: the footer form's script signs up here and shows the JSON answer under the
// form; without JavaScript the form posts to the /newsletter page instead.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result } = await signUpFromForm(request, context);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
