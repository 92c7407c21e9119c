import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { PreviousNextPager } from "#app/components/admin/previous-next-pager";
import { Button } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/select";
import { readFormData } from "#app/lib/form-data";
import { pageParam } from "#app/lib/page-window";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast, successToast } from "#app/lib/toast";
import { alertMessage } from "#app/modules/alerts/alert-runner.server";
import { type MailMessage, outboxPage, queueMail, wakeMailSender } from "#app/modules/mail/outbox.server";
import { digestMessage, readDigest } from "#app/modules/newsletter/digest.server";
import { confirmationMessage } from "#app/modules/newsletter/newsletter.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/outbox";
import { toastAnswer } from "./content/list.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams, 10_000);
  return { page, now: new Date(), smtp: Boolean(context.env.SMTP_URL), ...(await outboxPage(context.db, page)) };
}

const tests = { confirm: "Newsletter confirmation", alert: "Deal alert", digest: "Weekly newsletter" } as const;
type TestKind = keyof typeof tests;
/** Links in a test lead nowhere of a reader's: they carry no one's id. */
const NOBODY = "00000000-0000-4000-8000-000000000000";

/** 'Send me a test': one of the site's messages, with this week's content, to the signed-in admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const kind = String((await readFormData(request)).get("test") ?? "");
  if (!(kind in tests)) return toastAnswer(errorToast("Choose a message to test"));
  const services = { env: context.env, appSecret: context.appSecret };
  const me = { id: NOBODY, email: admin.user.email };
  const digest = await readDigest(context.db);
  let message: MailMessage;
  if (kind === "confirm") message = confirmationMessage(services, me);
  else if (kind === "digest") message = digestMessage(services, digest, me);
  else if (digest.deals.length === 0)
    return toastAnswer(errorToast("No deal was published this week to show in a test alert."));
  else message = alertMessage(services, me.email, digest.deals.slice(0, 3), [NOBODY]);
  // Marked as a test: it counts toward no reader's daily limit.
  await queueMail(context.db, context.env, { ...message, subject: `[Test] ${message.subject}`, purpose: "test" });
  if (context.env.SMTP_URL) wakeMailSender(context.jobs);
  return toastAnswer(
    successToast(`${tests[kind as TestKind]} ${context.env.SMTP_URL ? "sent" : "written below"} for ${me.email}`),
  );
}

const stateWords = {
  queued: "Waiting to send",
  sent: "Sent",
  failed: "Not sent (gave up)",
  kept: "Kept (no SMTP)",
} as const;

/** The message as a mail client shows it, with its links opening in a new tab (no script runs in it). */
const previewOf = (html: string) => html.replace("<head>", '<head><base target="_blank">');

/** Plain text with its web addresses as links. */
function LinkedText({ text }: { text: string }) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function Outbox({ loaderData: { page, now, smtp, rows, hasNext } }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="min-w-0">
      <AdminPageHeader
        title="Outbox"
        description={
          smtp
            ? "Every message the site writes, newest first: it is sent through your SMTP server within a minute, and tried again later while the server does not take it."
            : "Every message the site writes, newest first. SMTP_URL is not set, so nothing is sent: the messages are kept here for you to read."
        }
      />
      <Form
        method="post"
        className="mb-4 flex flex-wrap items-end gap-2 rounded-xl border border-gray-200 bg-white p-4 text-sm"
        aria-label="Send me a test"
      >
        <SelectField
          label="Send me a test of"
          className="w-56"
          name="test"
          options={Object.entries(tests).map(([value, label]) => ({ value, label }))}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          Send me a test
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">No messages yet.</p>
      ) : (
        <AdminTable headings={[{ label: "Message" }, { label: "To" }, { label: "State" }, { label: "Written" }]}>
          {rows.map((message) => (
            <tr key={message.id} className="border-t border-gray-100 align-top" data-testid="outbox-row">
              <td className="px-4 py-3">
                <details>
                  <summary className="cursor-pointer font-medium text-gray-900">{message.subject}</summary>
                  {message.html ? (
                    <iframe
                      title={`${message.subject} (as sent)`}
                      srcDoc={previewOf(message.html)}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      className="mt-2 h-96 w-full max-w-2xl rounded-lg border border-gray-200 bg-white"
                    />
                  ) : null}
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm text-gray-700">Plain text</summary>
                    <pre
                      className="mt-2 max-w-2xl whitespace-pre-wrap break-words font-sans text-gray-700"
                      data-testid="outbox-text"
                    >
                      <LinkedText text={message.text} />
                    </pre>
                  </details>
                </details>
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="To">
                {message.to}
              </td>
              <td className="px-4 py-3" data-label="State">
                <span className={message.state === "failed" ? "font-medium text-red-700" : "text-gray-700"}>
                  {stateWords[message.state]}
                </span>
                {message.lastError && message.state !== "sent" ? (
                  <span className="block text-xs text-gray-500">{`${message.attempts} ${message.attempts === 1 ? "try" : "tries"}: ${message.lastError}`}</span>
                ) : null}
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Written">
                <time dateTime={message.createdAt.toISOString()}>{timeAgo(message.createdAt, now)}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <PreviousNextPager page={page} hasNext={hasNext} />
    </div>
  );
}
