import { getFormProps } from "@conform-to/react";
import { TextareaField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { pageMeta, siteUrlFrom } from "#app/lib/seo";
import { contactSchema } from "#app/modules/contact/contact.schema";
import { saveContactMessage } from "#app/modules/contact/contact.server";
import { allowAttempt, CONTACT_LIMIT, visitorKey } from "#app/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/contact";
import { readFormData } from "#app/lib/form-data";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Contact", "Get in touch with the DealDash team.", { siteUrl: siteUrlFrom(matches), path: "/contact" });

const THANKS = "Thanks for your message! We usually answer within two working days.";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: contactSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false, limited: false }, { status: 400 });
  // A bot that filled the hidden field is told it worked, and nothing is stored.
  if (submission.value.website) return { result: submission.reply({ resetForm: true }), sent: true, limited: false };
  if (!(await allowAttempt(context.db, CONTACT_LIMIT, visitorKey(context.clientIp, context.appSecret)))) {
    return data({ result: submission.reply(), sent: false, limited: true }, { status: 429 });
  }
  const { name, email, message } = submission.value;
  await saveContactMessage(context.db, { name, email, message });
  return { result: submission.reply({ resetForm: true }), sent: true, limited: false };
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm(contactSchema, {
    lastResult: actionData?.result,
  });
  return (
    <InfoPage title="Contact Us">
      <p>Found a broken deal, an expired coupon or a price that changed? Want to suggest a store? We read every message.</p>
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
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl border border-gray-200 bg-white p-6">
        <TextField field={fields.name} label="Name" autoComplete="name" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextareaField field={fields.message} label="Message" rows={6} />
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send Message"}
        </Button>
      </Form>
    </InfoPage>
  );
}
