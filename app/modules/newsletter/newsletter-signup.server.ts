import type { AppLoadContext } from "react-router";

import { readFormData } from "#app/lib/form-data";
import { wakeMailSender } from "#app/modules/mail/outbox.server";
import { allowAttempt, NEWSLETTER_LIMIT, visitorKey } from "#app/modules/rate-limit/rate-limit.server";

import { type NewsletterResult, newsletterSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.server";

const CHECK_INBOX = "Thanks! Check your inbox and confirm your subscription.";

/** The footer's sign-up, posted by the form's script (as JSON) or without JavaScript (the /newsletter page). */
export async function signUpFromForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ status: number; result: NewsletterResult }> {
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return { status: 400, result: { ok: false, message: parsed.error.issues[0]!.message } };
  if (parsed.data.website) return { status: 200, result: { ok: true, message: CHECK_INBOX } };
  if (!(await allowAttempt(context.db, NEWSLETTER_LIMIT, visitorKey(context.clientIp, context.appSecret)))) {
    return { status: 429, result: { ok: false, message: "Too many attempts. Please try again later." } };
  }
  // The same answer whether or not the address was already on the list: a stranger learns nothing.
  await subscribe(context.db, context, parsed.data.email);
  wakeMailSender(context.jobs);
  return { status: 200, result: { ok: true, message: CHECK_INBOX } };
}
