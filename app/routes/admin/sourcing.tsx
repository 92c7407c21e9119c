import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { readFormData } from "#app/lib/form-data";
import { couponDiscountLabel, formatPrice } from "#app/lib/money";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import { approveCandidates } from "#app/modules/sourcing/approve.server";
import {
  isSourceKind,
  keysOnSite,
  rejectCandidates,
  snoozeCandidates,
  waitingCandidates,
  wakeSnoozed,
} from "#app/modules/sourcing/candidates.server";
import { savingPercent } from "#app/modules/sourcing/offer";
import { decisionToast, queueOrders, sourceLabels } from "#app/modules/sourcing/queue-words";
import { queueActionSchema, snoozeDays } from "#app/modules/sourcing/tip.schema";
import { mayAccess } from "#app/modules/users/admin-access";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/sourcing";
import { toastAnswer } from "./content/list.server";

// Admin → Sourcing: the review queue. What the sources offer waits here, newest or best first, until the
// owner approves (as a draft, or published), edits then approves, snoozes or rejects it (ADR 0041, 0042).
// Paged from the last row, so a page costs the same however long the queue. Keys: j/k move, a approve,
// r reject, e edit, x select.

const PAGE = 25;
const DAY = 86_400_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const after = isUuid(search.get("after")) ? search.get("after")! : undefined;
  const order = search.get("sort") === "score" ? "score" : "newest";
  const source = search.get("source");
  const now = new Date();
  await wakeSnoozed(context.db, now);
  const page = await waitingCandidates(context.db, {
    limit: PAGE,
    after,
    order,
    source: isSourceKind(source) ? source : undefined,
  });
  const onSite = await keysOnSite(
    context.db,
    page.rows.map((row) => row.dedupeKey),
  );
  return {
    now,
    // An editor reviews the queue; the sources (feeds and their credentials) are the owner's.
    managesSources: mayAccess(admin.user.role, "GET", "/admin/sourcing/sources"),
    first: !after,
    order,
    source: isSourceKind(source) ? source : "",
    hasNext: page.hasNext,
    rows: page.rows.map((row) => ({ ...row, onSite: onSite.has(row.dedupeKey) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = queueActionSchema.safeParse({
    intent: form.get("intent"),
    ids: form.getAll("id"),
    reason: form.get("reason") ?? undefined,
    days: form.get("days") ?? undefined,
  });
  if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
  const { intent, ids, reason, days } = parsed.data;
  if (intent === "reject")
    return toastAnswer(decisionToast(intent, await rejectCandidates(context.db, ids, reason!, admin.user), ids.length));
  if (intent === "snooze") {
    const until = new Date(Date.now() + Number(days) * DAY);
    return toastAnswer(decisionToast(intent, await snoozeCandidates(context.db, ids, until), ids.length));
  }
  const approval = await approveCandidates(context.db, ids, {
    publish: intent === "publish",
    actor: admin.user,
    amazon: await context.amazon(),
  });
  return toastAnswer(decisionToast(intent, approval, ids.length));
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

const editPathOf = (row: Row) => `/admin/${row.kind === "coupon" ? "coupons" : "deals"}/add?candidate=${row.id}`;

function PriceCell({ row }: { row: Row }) {
  if (row.kind === "coupon")
    return (
      <>
        {row.couponCode ? <p className="font-mono font-medium text-gray-900">{row.couponCode}</p> : <p>No code</p>}
        {row.discountType && row.discountValue ? (
          <p>{couponDiscountLabel(row.discountType, row.discountValue)}</p>
        ) : null}
      </>
    );
  const saving = savingPercent(row);
  return (
    <>
      <p>{row.price === null ? "Not given" : formatPrice(row.price)}</p>
      {saving !== null && row.originalPrice !== null ? (
        <p className="text-green-700">
          was {formatPrice(row.originalPrice)}, saves {saving}%
        </p>
      ) : null}
    </>
  );
}

/** One decision's buttons for one candidate (the row's own form). */
function RowDecisions({ row, busy }: { row: Row; busy: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={row.id} />
        <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
          Approve
        </Button>
        <Button type="submit" name="intent" value="publish" size="sm" variant="outline" disabled={busy}>
          Publish
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={editPathOf(row)}>Edit</Link>
        </Button>
        <Button type="submit" name="intent" value="snooze" size="sm" variant="outline" disabled={busy}>
          Snooze a day
        </Button>
      </Form>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="id" value={row.id} />
        <Input
          name="reason"
          aria-label={`Why reject ${row.title ?? row.dedupeKey}`}
          placeholder="Reason"
          maxLength={200}
          required
          className="w-40"
          data-reject-reason
        />
        <Button type="submit" name="intent" value="reject" variant="outline" size="sm" disabled={busy}>
          Reject
        </Button>
      </Form>
    </div>
  );
}

/** The queue's keys, while no field has the focus: j/k move, x select, a approve, r reject, e edit. */
function useQueueKeys(rows: Row[], toggle: (id: string) => void) {
  const [chosenRow, setCurrent] = useState(0);
  // After a decision the page holds fewer rows: the mark stays on the last one.
  const current = Math.max(0, Math.min(chosenRow, rows.length - 1));
  const submit = useSubmit();
  const navigate = useNavigate();
  const table = useRef<HTMLDivElement>(null);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement;
      if (
        event.metaKey ||
        event.ctrlKey ||
        event.altKey ||
        target.closest("input, textarea, select, [contenteditable]")
      )
        return;
      const row = rows[current];
      const rowElement = (index: number) =>
        table.current?.querySelectorAll<HTMLElement>("[data-testid=candidate-row]")[index];
      const move = (to: number) => {
        const next = Math.max(0, Math.min(rows.length - 1, to));
        setCurrent(next);
        rowElement(next)?.scrollIntoView({ block: "nearest" });
      };
      if (event.key === "j") move(current + 1);
      else if (event.key === "k") move(current - 1);
      else if (!row) return;
      else if (event.key === "x") toggle(row.id);
      else if (event.key === "a") void submit({ intent: "approve", id: row.id }, { method: "post" });
      else if (event.key === "e") void navigate(editPathOf(row));
      else if (event.key === "r") rowElement(current)?.querySelector<HTMLInputElement>("[data-reject-reason]")?.focus();
      else return;
      event.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [rows, current, submit, navigate, toggle]);
  return { current, table };
}

function BulkDecisions({ chosen, busy }: { chosen: string[]; busy: boolean }) {
  if (chosen.length === 0) return null;
  return (
    <Form
      method="post"
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
    >
      <span className="font-medium" data-testid="selection-count">
        {chosen.length} selected
      </span>
      {chosen.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
        Approve as drafts
      </Button>
      <Button type="submit" name="intent" value="publish" size="sm" variant="outline" disabled={busy}>
        Publish
      </Button>
      <Select
        name="days"
        aria-label="Snooze for"
        defaultValue="1"
        options={snoozeDays.map((days) => ({ value: days, label: days === "1" ? "1 day" : `${days} days` }))}
        className="h-9 w-28"
      />
      <Button type="submit" name="intent" value="snooze" size="sm" variant="ghost" disabled={busy}>
        Snooze
      </Button>
      <Input name="reason" aria-label="Why reject the selected" placeholder="Reason" maxLength={200} className="w-48" />
      <Button type="submit" name="intent" value="reject" size="sm" variant="outline" disabled={busy}>
        Reject
      </Button>
    </Form>
  );
}

export default function Sourcing({
  loaderData: { now, managesSources, first, order, source, rows, hasNext },
}: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [ticked, setChosen] = useState<string[]>([]);
  // Decided candidates leave the page, and with it the selection.
  const chosen = ticked.filter((id) => rows.some((row) => row.id === id));
  const toggle = (id: string) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const { current, table } = useQueueKeys(rows, toggle);
  const last = rows.at(-1);
  const view = new URLSearchParams({ ...(order === "score" ? { sort: "score" } : {}), ...(source ? { source } : {}) });
  return (
    <div className="min-w-0">
      <AdminPageHeader
        title="Sourcing"
        description="Deals offered to the site, waiting for your review. Nothing here is published until you decide. Shoppers send theirs from the Submit a deal page."
      />
      {managesSources && (
        <p className="mb-3 text-sm">
          <Link to="/admin/sourcing/sources" className="font-medium text-brand-700 hover:underline">
            Sources: feeds, their runs and errors
          </Link>
        </p>
      )}
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3 text-sm">
        <Select
          name="source"
          aria-label="Source"
          defaultValue={source}
          options={[
            { value: "", label: "All sources" },
            ...Object.entries(sourceLabels).map(([value, label]) => ({ value, label })),
          ]}
          className="h-9 w-44"
        />
        <Select
          name="sort"
          aria-label="Order"
          defaultValue={order}
          options={queueOrders.map((value) => ({
            value,
            label: value === "score" ? "Best score first" : "Newest first",
          }))}
          className="h-9 w-44"
        />
        <Button type="submit" size="sm" variant="outline">
          Show
        </Button>
        <p className="text-gray-600">Keys: j/k move, x select, a approve, r reject, e edit.</p>
      </Form>
      <BulkDecisions chosen={chosen} busy={busy} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-600">
          {first ? "No deals are waiting for review." : "No older deals are waiting."}
        </p>
      ) : (
        <div ref={table}>
          <AdminTable
            headings={[
              { label: "Select", hidden: true },
              { label: "Deal" },
              { label: "Source" },
              { label: "Price" },
              { label: "Score" },
              { label: "Received" },
              { label: "Decide" },
            ]}
          >
            {rows.map((row, index) => (
              <tr
                key={row.id}
                className={`border-t border-gray-100 align-top${index === current ? " bg-brand-50" : ""}`}
                data-testid="candidate-row"
                aria-current={index === current ? "true" : undefined}
              >
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.title ?? row.dedupeKey}`}
                    checked={chosen.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </td>
                <td className="px-4 py-3">
                  <div className="flex gap-3">
                    {row.imageUrl ? (
                      <img src={row.imageUrl} alt="" className="h-14 w-14 shrink-0 rounded object-contain" />
                    ) : null}
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">
                        {row.title ?? "Amazon product (details are read again on approval)"}
                      </p>
                      <p className="text-gray-600">
                        {row.kind === "coupon" ? "Coupon" : "Deal"}
                        {row.merchant ? ` · ${row.merchant}` : ""}
                        {row.storeId ? "" : row.merchant ? " (no matching store)" : ""}
                      </p>
                      <a
                        href={row.url}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="break-all text-brand-700 underline"
                      >
                        {hostOf(row.url)}
                      </a>
                      {row.onSite ? (
                        <p className="mt-1 font-medium text-amber-700" data-testid="on-site">
                          Already on the site
                        </p>
                      ) : null}
                      {row.note ? <p className="mt-1 text-gray-700">{row.note}</p> : null}
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 text-gray-700" data-label="Source">
                  {sourceLabels[row.source]}
                </td>
                <td className="px-4 py-3 text-gray-700" data-label="Price">
                  <PriceCell row={row} />
                  {row.endsAt ? (
                    <p>
                      Ends <time dateTime={row.endsAt.toISOString()}>{timeAgo(row.endsAt, now)}</time>
                    </p>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-gray-700" data-label="Score">
                  <p className="font-medium text-gray-900">{row.score}</p>
                  <p className="text-xs">{row.scoreReasons.join(" · ")}</p>
                </td>
                <td className="px-4 py-3 text-gray-700" data-label="Received">
                  <time dateTime={row.createdAt.toISOString()}>{timeAgo(row.createdAt, now)}</time>
                </td>
                <td className="px-4 py-3" data-label="Decide">
                  <RowDecisions row={row} busy={busy} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
        {first ? null : (
          <Link to={`?${view}`} className="font-medium text-brand-700 hover:underline">
            {order === "score" ? "Best" : "Newest"}
          </Link>
        )}
        {hasNext && last ? (
          <Link
            to={`?${new URLSearchParams([...view, ["after", last.id]])}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {order === "score" ? "Next" : "Older"}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
