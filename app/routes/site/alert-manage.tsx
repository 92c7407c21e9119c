import { data, Form, redirect } from "react-router";
import { z } from "zod";

import { type AlertFieldErrors, AlertFields, sentAlertValues } from "#app/components/site/alert-fields";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { readFormData } from "#app/lib/form-data";
import { pageMeta } from "#app/lib/seo";
import { alertCriteriaSchema } from "#app/modules/alerts/alert.schema";
import {
  alertLinkMatches,
  alertToManage,
  deleteAlert,
  describeAlert,
  setAlertPaused,
  updateAlert,
} from "#app/modules/alerts/alerts.server";
import { categoryFilterOptions } from "#app/modules/categories/categories.server";
import { storeFilterOptions } from "#app/modules/stores/stores.server";

import type { Route } from "./+types/alert-manage";

export const meta = () => [
  ...pageMeta("Your deal alert", "Edit, pause or delete your DealDash deal alert."),
  { name: "robots", content: "noindex" },
];

/** The alert the signed link (`?a=&t=`) names, or a 404. */
async function alertOf(request: Request, context: Route.LoaderArgs["context"]) {
  const params = new URL(request.url).searchParams;
  const id = params.get("a") ?? "";
  const alert = alertLinkMatches(context.appSecret, "manage", id, params.get("t"))
    ? await alertToManage(context.db, id)
    : null;
  if (!alert) throw data("This alert link is not valid, or the alert was deleted.", { status: 404 });
  return alert;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const alert = await alertOf(request, context);
  const [stores, categories] = await Promise.all([
    storeFilterOptions(context.db, "deals", { slug: alert.store ?? undefined }),
    categoryFilterOptions(context.db, alert.category ?? undefined),
  ]);
  return { alert: { ...alert, description: describeAlert(alert) }, stores, categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const alert = await alertOf(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    await deleteAlert(context.db, alert.id);
    return redirect("/alerts/deleted");
  }
  if (intent === "pause" || intent === "resume") {
    await setAlertPaused(context.db, alert.id, intent === "pause");
    return { saved: intent === "pause" ? "Alert paused" : "Alert resumed", errors: {} as AlertFieldErrors, sent: null };
  }
  const parsed = alertCriteriaSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")),
  );
  // What was sent comes back with the messages, so nothing typed is lost.
  if (!parsed.success)
    return data(
      {
        saved: null,
        errors: z.flattenError(parsed.error).fieldErrors as AlertFieldErrors,
        sent: sentAlertValues(form),
      },
      { status: 400 },
    );
  await updateAlert(context.db, alert.id, parsed.data);
  return { saved: "Alert saved", errors: {} as AlertFieldErrors, sent: null };
}

export default function ManageAlert({ loaderData: { alert, stores, categories }, actionData }: Route.ComponentProps) {
  return (
    <InfoPage title="Your deal alert">
      <p>
        Alert for <strong>{alert.email}</strong>: {alert.description}.{" "}
        {alert.state === "paused"
          ? "It is paused."
          : alert.state === "pending"
            ? "It starts once you confirm it from your inbox."
            : "It is on."}
      </p>
      {actionData?.saved ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-800">
          {actionData.saved}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <AlertFields
          values={actionData?.sent ?? alert}
          errors={actionData?.errors ?? {}}
          stores={stores}
          categories={categories}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save">
            Save alert
          </Button>
          {alert.state !== "pending" ? (
            <Button type="submit" name="intent" value={alert.state === "paused" ? "resume" : "pause"} variant="outline">
              {alert.state === "paused" ? "Resume alert" : "Pause alert"}
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="delete" variant="outline">
            Delete alert
          </Button>
        </div>
      </Form>
    </InfoPage>
  );
}
