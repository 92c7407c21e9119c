import { data } from "react-router";

import { InfoPage } from "#app/components/site/info-page";
import { PublicForm } from "#app/components/site/public-form";
import { PlainInputField, PlainTextareaField } from "#app/components/ui/plain-fields";
import { sentFields } from "#app/lib/form-data";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { readPublicPost } from "#app/modules/rate-limit/public-form.server";
import { TIP_LIMIT } from "#app/modules/rate-limit/rate-limit.server";
import { queueTip, type TipOutcome } from "#app/modules/sourcing/candidates.server";
import { tipSchema } from "#app/modules/sourcing/tip.schema";

import type { Route } from "./+types/submit-a-deal";

// Shoppers' tips: a deal a shopper found goes to the owner's review queue (Admin → Sourcing), never
// straight onto the site (ADR 0041). Checked on the server only, like the contact form.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("Submit a deal", "Found a great deal? Tell us and we will check it.", {
    siteUrl: siteUrlFrom(matches),
    path: "/submit-a-deal",
  });

const SAID: Record<TipOutcome, string> = {
  queued: "Thanks! Your deal is waiting for our review. If it holds up, it will appear on DealDash soon.",
  waiting: "Thanks! Someone has already sent us this deal; it is waiting for our review.",
  "on-site": "Thanks! This deal is already on DealDash.",
  "passed-on": "Thanks! We looked at this deal recently and passed on it; if its price drops, send it again.",
};

type Field = "url" | "title" | "price" | "note";
type FieldErrors = Partial<Record<Field, string[]>>;
const answer = (
  outcome: TipOutcome | null,
  limited = false,
  errors: FieldErrors = {},
  values: Record<Field, string> | null = null,
) => ({ outcome, limited, errors, values });

export async function action({ request, context }: Route.ActionArgs) {
  const { form, post } = await readPublicPost(request, context, tipSchema, TIP_LIMIT);
  // What was sent comes back with the messages, so nothing typed is lost.
  const values = sentFields(form, ["url", "title", "price", "note"]);
  if (post.outcome === "invalid") return data(answer(null, false, post.errors, values), { status: 400 });
  if (post.outcome === "bot") return answer("queued");
  if (post.outcome === "limited") return data(answer(null, true, {}, values), { status: 429 });
  return answer(await queueTip(context.db, post.data));
}

export default function SubmitADeal({ actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <InfoPage title="Submit a deal">
      <p>
        Found a great price? Send it to us. We check every deal before it goes on DealDash, and we only publish the ones
        that are a real saving.
      </p>
      <p className="text-sm text-gray-600">
        If we publish your deal, we link to the store with our own affiliate link instead of yours: DealDash may earn a
        commission when someone buys through it, at no cost to them.
      </p>
      <PublicForm
        done={actionData?.outcome ? SAID[actionData.outcome] : null}
        limited={
          actionData?.limited ? "You have sent several deals in a short time. Please try again in an hour." : null
        }
        submit="Submit Deal"
      >
        <PlainInputField
          id="tip-url"
          label="Link to the deal"
          errors={errors.url}
          name="url"
          type="url"
          inputMode="url"
          maxLength={2000}
          placeholder="https://"
          defaultValue={values?.url}
        />
        <PlainInputField
          id="tip-title"
          label="What is it?"
          errors={errors.title}
          name="title"
          maxLength={200}
          defaultValue={values?.title}
        />
        <PlainInputField
          id="tip-price"
          label="Price (optional)"
          errors={errors.price}
          name="price"
          inputMode="decimal"
          maxLength={30}
          defaultValue={values?.price}
        />
        <PlainTextareaField
          id="tip-note"
          label="Why is it a good deal? (optional)"
          errors={errors.note}
          name="note"
          rows={4}
          maxLength={1000}
          defaultValue={values?.note}
        />
      </PublicForm>
    </InfoPage>
  );
}
