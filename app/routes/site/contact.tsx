import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { InfoPage } from "#app/components/site/info-page";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
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
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
        <Field id={fields.name.id} label="Name" errors={fields.name.errors}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" />
        </Field>
        <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
          <Input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" />
        </Field>
        <Field id={fields.message.id} label="Message" errors={fields.message.errors}>
          <Textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={6} />
        </Field>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send Message"}
        </Button>
      </Form>
    </InfoPage>
  );
}
