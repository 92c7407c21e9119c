import { redirect } from "react-router";

import { CONSENT_COOKIE } from "#app/lib/cookies";
import { readFormData } from "#app/lib/form-data";
import { safeRedirectPath } from "#app/lib/safe-redirect";

import type { Route } from "./+types/cookie-consent";

const ONE_YEAR = 60 * 60 * 24 * 365;

function refererPath(request: Request): string {
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    return referer.origin === new URL(request.url).origin ? safeRedirectPath(referer.pathname) : "/";
  } catch {
    return "/";
  }
}

/** The cookie banner without JavaScript: store the choice and go back to the page it was made on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const value = form.get("consent") === "true" ? "true" : "false";
  return redirect(refererPath(request), {
    headers: { "Set-Cookie": `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax` },
  });
}

export function loader() {
  return redirect("/");
}
