import { data, Form } from "react-router";

import {
  type AlertFieldErrors,
  AlertFields,
  type AlertFieldValues,
  sentAlertValues,
} from "#app/components/site/alert-fields";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { PlainEmailField } from "#app/components/ui/plain-fields";
import { sentFields } from "#app/lib/form-data";
import { pageMeta } from "#app/lib/seo";
import { newAlertSchema } from "#app/modules/alerts/alert.schema";
import { createAlert } from "#app/modules/alerts/alerts.server";
import { categoryFilterOptions } from "#app/modules/categories/categories.server";
import { wakeMailSender } from "#app/modules/mail/outbox.server";
import { readPublicPost } from "#app/modules/rate-limit/public-form.server";
import { ALERT_LIMIT } from "#app/modules/rate-limit/rate-limit.server";
import { storeFilterOptions } from "#app/modules/stores/stores.server";

import type { Route } from "./+types/alert-new";

export const meta = () => pageMeta("Deal alert", "Get an email when a deal you want is published on DealDash.");

const slugParam = (params: URLSearchParams, name: string) =>
  /^[a-z0-9-]{1,120}$/.test(params.get(name) ?? "") ? params.get(name)! : null;

/** `/alerts/new?search=&store=&category=`: the form, filled in from the Deal Dashes view it was opened from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const store = slugParam(params, "store");
  const category = slugParam(params, "category");
  const [stores, categories] = await Promise.all([
    storeFilterOptions(context.db, "deals", { slug: store ?? undefined }),
    categoryFilterOptions(context.db, category ?? undefined),
  ]);
  return {
    values: {
      keywords: (params.get("search") ?? "").slice(0, 100),
      store,
      category,
      maxPrice: null,
      minDiscount: null,
      frequency: "instant" as const,
    },
    stores,
    categories,
  };
}

type Errors = AlertFieldErrors;
type Sent = { email: string; values: AlertFieldValues };
const answer = (created: boolean, limited = false, errors: Errors = {}, sent: Sent | null = null) => ({
  created,
  limited,
  errors,
  sent,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { form, post } = await readPublicPost(request, context, newAlertSchema, ALERT_LIMIT);
  // What was sent comes back with the messages, so nothing typed is lost.
  const sent = { ...sentFields(form, ["email"]), values: sentAlertValues(form) };
  if (post.outcome === "invalid") return data(answer(false, false, post.errors as Errors, sent), { status: 400 });
  if (post.outcome === "bot") return answer(true);
  if (post.outcome === "limited") return data(answer(false, true, {}, sent), { status: 429 });
  const { email, website: _website, ...criteria } = post.data;
  await createAlert(context.db, context, email, criteria);
  wakeMailSender(context.jobs);
  return answer(true);
}

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const sent = actionData?.sent;
  return (
    <InfoPage title="Deal alert">
      <p>
        Tell us what you are waiting for: we email you when a matching deal is published. No account needed; confirm
        from your inbox, stop any time.
      </p>
      {actionData?.created ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-800">
          Almost done: check your inbox and confirm your alert.
        </p>
      ) : null}
      {actionData?.limited ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          You have set up several alerts in a short time. Please try again in an hour.
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <PlainEmailField id="alert-email" label="Email" errors={errors.email} defaultValue={sent?.email} />
        <AlertFields
          values={sent?.values ?? loaderData.values}
          errors={errors}
          stores={loaderData.stores}
          categories={loaderData.categories}
        />
        {/* Honeypot: people never see or fill it; bots that fill every field are ignored. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit">Create alert</Button>
      </Form>
    </InfoPage>
  );
}
