import type { AppLoadContext } from "react-router";

import { wakeMailSender } from "#app/modules/mail/outbox.server";
import { readPublicPost } from "#app/modules/rate-limit/public-form.server";
import { NEWSLETTER_LIMIT } from "#app/modules/rate-limit/rate-limit.server";

import { type NewsletterResult, newsletterSchema } from "./newsletter.schema";
import { subscribe } from "./newsletter.server";

const CHECK_INBOX = "Thanks! Check your inbox and confirm your subscription.";

/** The footer's sign-up, posted by the form's script (as JSON) or without JavaScript (the /newsletter page). */
export async function signUpFromForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ status: number; result: NewsletterResult }> {
  const { post } = await readPublicPost(request, context, newsletterSchema, NEWSLETTER_LIMIT);
  if (post.outcome === "invalid") return { status: 400, result: { ok: false, message: post.first } };
  if (post.outcome === "bot") return { status: 200, result: { ok: true, message: CHECK_INBOX } };
  if (post.outcome === "limited")
    return { status: 429, result: { ok: false, message: "Too many attempts. Please try again later." } };
  // The same answer whether or not the address was already on the list: a stranger learns nothing.
  await subscribe(context.db, context, post.data.email);
  wakeMailSender(context.jobs);
  return { status: 200, result: { ok: true, message: CHECK_INBOX } };
}
