import { data, Form } from "react-router";

import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
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
      {actionData?.sent ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-800">
          {THANKS}
        </p>
      ) : null}
      {actionData?.limited ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          You have sent several messages in a short time. Please try again in an hour.
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-4 rounded-2xl border border-gray-200 bg-white p-6">
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
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit">Send Message</Button>
      </Form>
    </InfoPage>
  );
}
