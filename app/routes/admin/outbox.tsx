import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { PreviousNextPager } from "#app/components/admin/previous-next-pager";
import { pageParam } from "#app/lib/page-window";
import { timeAgo } from "#app/lib/relative-time";
import { outboxPage } from "#app/modules/mail/outbox.server";
import { requireAdmin } from "#app/platform/auth.server";
import type { Route } from "./+types/outbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams, 10_000);
  return { page, now: new Date(), smtp: Boolean(context.env.SMTP_URL), ...(await outboxPage(context.db, page)) };
}

const stateWords = { queued: "Waiting to send", sent: "Sent", failed: "Not sent (gave up)", kept: "Kept (no SMTP)" } as const;

export default function Outbox({ loaderData: { page, now, smtp, rows, hasNext } }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Outbox"
        description={
          smtp
            ? "Every message the site writes, newest first: it is sent through your SMTP server within a minute, and tried again later while the server does not take it."
            : "Every message the site writes, newest first. SMTP_URL is not set, so nothing is sent: the messages are kept here for you to read."
        }
      />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">No messages yet.</p>
      ) : (
        <AdminTable headings={[{ label: "Message" }, { label: "To" }, { label: "State" }, { label: "Written" }]}>
          {rows.map((message) => (
            <tr key={message.id} className="border-t border-gray-100 align-top" data-testid="outbox-row">
              <td className="px-4 py-3">
                <details>
                  <summary className="cursor-pointer font-medium text-gray-900">{message.subject}</summary>
                  <pre className="mt-2 max-w-2xl whitespace-pre-wrap break-words font-sans text-gray-700">{message.text}</pre>
                </details>
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="To">
                {message.to}
              </td>
              <td className="px-4 py-3" data-label="State">
                <span className={message.state === "failed" ? "font-medium text-red-700" : "text-gray-700"}>{stateWords[message.state]}</span>
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
