import { Link } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";
import { alertLink, confirmAlert } from "#app/modules/alerts/alerts.server";
import type { Route } from "./+types/alert-confirm";

export const meta = () => [...pageMeta("Deal alert", "Confirm your DealDash deal alert."), { name: "robots", content: "noindex" }];

/** The confirmation message's link (`?a=<alert>&t=<signature>`): the alert starts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("a") ?? "";
  const confirmed = await confirmAlert(context.db, context.appSecret, id, params.get("t"));
  // Its manage page, reached from here without waiting for the first alert message.
  const manage = new URL(alertLink(context, "manage", id));
  return { manage: confirmed ? manage.pathname + manage.search : null };
}

export default function AlertConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage title="Deal alert">
      <p role="status">
        {loaderData.manage
          ? "Your alert is on: we email you when a matching deal is published."
          : "This confirmation link is not valid, or the alert was deleted. Set up a new one from any deals page."}
      </p>
      {loaderData.manage ? (
        <p>
          <Link to={loaderData.manage} className="font-medium text-brand-600 underline">
            Edit or pause this alert
          </Link>
        </p>
      ) : null}
    </InfoPage>
  );
}
