import { data } from "react-router";

import { InfoPage } from "#app/components/site/info-page";
import { PublicForm } from "#app/components/site/public-form";
import { PlainEmailField, PlainInputField, PlainTextareaField } from "#app/components/ui/plain-fields";
import { sentFields } from "#app/lib/form-data";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { contactSchema } from "#app/modules/contact/contact.schema";
import { saveContactMessage } from "#app/modules/contact/contact.server";
import { readPublicPost } from "#app/modules/rate-limit/public-form.server";
import { CONTACT_LIMIT } from "#app/modules/rate-limit/rate-limit.server";

import type { Route } from "./+types/contact";

// Checked on the server only: public pages ship no validation library. The messages come back with the
// answer and sit at their fields.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("Contact", "Get in touch with the DealDash team.", { siteUrl: siteUrlFrom(matches), path: "/contact" });

const THANKS = "Thanks for your message! We usually answer within two working days.";

type FieldErrors = Partial<Record<"name" | "email" | "message", string[]>>;
type Sent = Record<"name" | "email" | "message", string>;
const answer = (sent: boolean, limited = false, errors: FieldErrors = {}, values: Sent | null = null) => ({
  sent,
  limited,
  errors,
  values,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { form, post } = await readPublicPost(request, context, contactSchema, CONTACT_LIMIT);
  // What was sent comes back with the messages, so nothing typed is lost.
  const values = sentFields(form, ["name", "email", "message"]);
  if (post.outcome === "invalid") return data(answer(false, false, post.errors, values), { status: 400 });
  if (post.outcome === "bot") return answer(true);
  if (post.outcome === "limited") return data(answer(false, true, {}, values), { status: 429 });
  const { name, email, message } = post.data;
  await saveContactMessage(context.db, { name, email, message });
  return answer(true);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <InfoPage title="Contact Us">
      <p>
        Found a broken deal, an expired coupon or a price that changed? Want to suggest a store? We read every message.
      </p>
      <PublicForm
        done={actionData?.sent ? THANKS : null}
        limited={
          actionData?.limited ? "You have sent several messages in a short time. Please try again in an hour." : null
        }
        submit="Send Message"
      >
        <PlainInputField
          id="contact-name"
          label="Name"
          errors={errors.name}
          name="name"
          autoComplete="name"
          maxLength={100}
          defaultValue={values?.name}
        />
        <PlainEmailField id="contact-email" label="Email" errors={errors.email} defaultValue={values?.email} />
        <PlainTextareaField
          id="contact-message"
          label="Message"
          errors={errors.message}
          name="message"
          rows={6}
          maxLength={5000}
          defaultValue={values?.message}
        />
      </PublicForm>
    </InfoPage>
  );
}
