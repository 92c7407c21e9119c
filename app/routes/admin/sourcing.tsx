import { Form, Link, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { readFormData } from "#app/lib/form-data";
import { formatPrice } from "#app/lib/money";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast, successToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { rejectCandidate, waitingCandidates } from "#app/modules/sourcing/candidates.server";
import { rejectSchema } from "#app/modules/sourcing/tip.schema";
import { requireAdmin } from "#app/platform/auth.server";

import type { Route } from "./+types/sourcing";
import { toastAnswer } from "./content/list.server";

// Admin → Sourcing: the review queue. What the sources offer waits here, newest first, until the owner
// decides (ADR 0041). Paged from the last row, so a page costs the same however long the queue.

const PAGE = 25;

/** `?after=<id>`: the last candidate of the page before; anything else reads as the first page. */
function afterOf(search: URLSearchParams): string | undefined {
  const after = search.get("after");
  return isUuid(after) ? after : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const after = afterOf(search);
  return { now: new Date(), first: !after, ...(await waitingCandidates(context.db, { limit: PAGE, after })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = rejectSchema.safeParse({ id: form.get("id"), reason: form.get("reason") });
  if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
  const rejected = await rejectCandidate(context.db, parsed.data.id, parsed.data.reason, admin.user);
  return toastAnswer(
    rejected ? successToast("Candidate rejected") : errorToast("This candidate is no longer waiting for review"),
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

export default function Sourcing({ loaderData: { now, first, rows, hasNext } }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const last = rows.at(-1);
  return (
    <div className="min-w-0">
      <AdminPageHeader
        title="Sourcing"
        description="Deals offered to the site, waiting for your review, newest first. Nothing here is published until you decide. Shoppers send theirs from the Submit a deal page."
      />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">
          {first ? "No deals are waiting for review." : "No older deals are waiting."}
        </p>
      ) : (
        <AdminTable
          headings={[
            { label: "Deal" },
            { label: "Source" },
            { label: "Price" },
            { label: "Received" },
            { label: "Decide" },
          ]}
        >
          {rows.map((candidate) => (
            <tr key={candidate.id} className="border-t border-gray-100 align-top" data-testid="candidate-row">
              <td className="px-4 py-3">
                <p className="font-medium text-gray-900">{candidate.title}</p>
                <a
                  href={candidate.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-brand-700 underline"
                >
                  {hostOf(candidate.url)}
                </a>
                {candidate.note ? <p className="mt-1 text-gray-700">{candidate.note}</p> : null}
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Source">
                Shopper&apos;s tip
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Price">
                {candidate.price === null ? "Not given" : formatPrice(candidate.price)}
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Received">
                <time dateTime={candidate.createdAt.toISOString()}>{timeAgo(candidate.createdAt, now)}</time>
              </td>
              <td className="px-4 py-3" data-label="Decide">
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="id" value={candidate.id} />
                  <Input
                    name="reason"
                    aria-label={`Why reject ${candidate.title}`}
                    placeholder="Reason"
                    maxLength={200}
                    required
                    className="w-40"
                  />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    Reject
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
        {first ? null : (
          <Link to="." className="font-medium text-brand-700 hover:underline">
            Newest
          </Link>
        )}
        {hasNext && last ? (
          <Link to={`?after=${last.id}`} className="font-medium text-brand-700 hover:underline">
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
