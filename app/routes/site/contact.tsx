import { data, Form } from "react-router";
import { z } from "zod";

import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { Field, invalid } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { readFormData, sentFields } from "#app/lib/form-data";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { contactSchema } from "#app/modules/contact/contact.schema";
import { saveContactMessage } from "#app/modules/contact/contact.server";
import { allowAttempt, CONTACT_LIMIT, visitorKey } from "#app/modules/rate-limit/rate-limit.server";

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
  const formData = await readFormData(request);
  const parsed = contactSchema.safeParse(
    Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string")),
  );
  // What was sent comes back with the messages, so nothing typed is lost.
  const values = sentFields(formData, ["name", "email", "message"]);
  if (!parsed.success)
    return data(answer(false, false, z.flattenError(parsed.error).fieldErrors, values), { status: 400 });
  // A bot that filled the hidden field is told it worked, and nothing is stored.
  if (parsed.data.website) return answer(true);
  if (!(await allowAttempt(context.db, CONTACT_LIMIT, visitorKey(context.clientIp, context.appSecret)))) {
    return data(answer(false, true, {}, values), { status: 429 });
  }
  const { name, email, message } = parsed.data;
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
        <Field id="contact-name" label="Name" errors={errors.name}>
          <Input
            id="contact-name"
            name="name"
            autoComplete="name"
            maxLength={100}
            defaultValue={values?.name}
            {...invalid("contact-name", errors.name)}
          />
        </Field>
        <Field id="contact-email" label="Email" errors={errors.email}>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values?.email}
            {...invalid("contact-email", errors.email)}
          />
        </Field>
        <Field id="contact-message" label="Message" errors={errors.message}>
          <Textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={5000}
            defaultValue={values?.message}
            {...invalid("contact-message", errors.message)}
          />
        </Field>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit">Send Message</Button>
      </Form>
    </InfoPage>
  );
}
