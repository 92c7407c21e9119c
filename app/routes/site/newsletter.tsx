import { data } from "react-router";
import type { NewsletterResult } from "#app/components/site/site-footer";
import { InfoPage, ReturnHomeLink } from "#app/components/site/info-page";
import { allowAttempt, NEWSLETTER_LIMIT, visitorKey } from "#app/modules/rate-limit/rate-limit.server";
import { pageMeta } from "#app/lib/seo";
import { newsletterSchema } from "#app/modules/newsletter/newsletter.schema";
import { subscribe } from "#app/modules/newsletter/newsletter.server";
import { wakeMailSender } from "#app/modules/mail/outbox.server";
import type { Route } from "./+types/newsletter";
import { readFormData } from "#app/lib/form-data";

const CHECK_INBOX = "Thanks! Check your inbox and confirm your subscription.";

export const meta = () => pageMeta("Newsletter", "The DealDash weekly deals newsletter.");

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return data<NewsletterResult>({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  if (parsed.data.website) return { ok: true, message: CHECK_INBOX } satisfies NewsletterResult;
  if (!(await allowAttempt(context.db, NEWSLETTER_LIMIT, visitorKey(context.clientIp, context.appSecret)))) {
    return data<NewsletterResult>({ ok: false, message: "Too many attempts. Please try again later." }, { status: 429 });
  }
  // The same answer whether or not the address was already on the list: a stranger learns nothing.
  await subscribe(context.db, context, parsed.data.email);
  wakeMailSender(context.jobs);
  return { ok: true, message: CHECK_INBOX } satisfies NewsletterResult;
}

/** Reached without JavaScript: the footer form posts here and this page shows the outcome. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <InfoPage title="Newsletter">
      <p role="status">{actionData?.message ?? "Subscribe with the form at the bottom of any page."}</p>
      <ReturnHomeLink />
    </InfoPage>
  );
}
