import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { PreviousNextPager } from "#app/components/admin/previous-next-pager";
import { RowSubmitButton } from "#app/components/admin/row-actions";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { formatCount } from "#app/lib/counts";
import { readFormData } from "#app/lib/form-data";
import {
  actionsFor,
  ATTENTION_PAGE_SIZE,
  type AttentionReason,
  attentionReasons,
  bulkAttentionActions,
  reasonLabels,
  reasonText,
} from "#app/modules/attention/attention";
import { actOnAttention, attentionQueue, bulkActOnAttention } from "#app/modules/attention/attention.server";
import { checkLinksNow } from "#app/modules/link-health/link-health.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/attention";
import { toastAnswer } from "./content/list.server";

const BULK_FORM = "attention-bulk";

/** The reason the view shows (`?reason=`), or all; anything else reads as all. */
const reasonOf = (value: string | null): AttentionReason | null =>
  (attentionReasons as readonly string[]).includes(value ?? "") ? (value as AttentionReason) : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(1000, Number(search.get("page")) || 1));
  const reason = reasonOf(search.get("reason"));
  return { page, reason, ...(await attentionQueue(context.db, { page, reason })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  const reason = reasonOf(field("reason"));
  if (intent === "check-links") return toastAnswer(await checkLinksNow(context.jobs));
  if (intent === "bulk") {
    const items =
      field("scope") === "all"
        ? ("all" as const)
        : form.getAll("item").map((value) => {
            const [kind = "", id = ""] = String(value).split(":");
            return { kind, id };
          });
    return toastAnswer(await bulkActOnAttention(context.db, admin.user, { action: field("action"), items, reason }));
  }
  return toastAnswer(
    await actOnAttention(context.db, admin.user, {
      kind: field("kind"),
      id: field("id"),
      action: intent,
      reason,
      fallbackUrl: field("fallbackUrl"),
    }),
  );
}

export default function NeedsAttention({
  loaderData: { rows, total, all, page, reason, counts },
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("id") : undefined;
  const keys = rows.map((row) => `${row.kind}:${row.id}`);
  // Ticks belong to the rows they were made on: a new page of the queue (after an action, a filter or
  // paging) starts with nothing ticked.
  const shownRows = keys.join(",");
  const [tickedOn, setTickedOn] = useState<{ rows: string; keys: Set<string> }>({ rows: shownRows, keys: new Set() });
  const ticked = tickedOn.rows === shownRows ? tickedOn.keys : new Set<string>();
  const setTicked = (next: Set<string>) => setTickedOn({ rows: shownRows, keys: next });
  const allTicked = keys.length > 0 && keys.every((key) => ticked.has(key));
  return (
    <div className="min-w-0">
      <AdminPageHeader
        title="Needs attention"
        description="Live items that may be losing money: broken links, shoppers' reports, ended items still featured and Amazon prices that could not be refreshed. The most clicked in the last 30 days come first."
        actions={
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="check-links"
              variant="outline"
              disabled={navigation.state !== "idle"}
            >
              Check links now
            </Button>
          </Form>
        }
      />
      <nav aria-label="Filter by reason" className="mb-4 flex flex-wrap gap-2">
        {[null, ...attentionReasons].map((value) => {
          const current = value === reason;
          const figure = value ? counts[value] : null;
          return (
            <Link
              key={value ?? "all"}
              to={value ? `?reason=${value}` : "."}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${current ? "border-brand-600 bg-brand-50 font-medium text-brand-800" : "border-gray-300 text-gray-700 hover:border-gray-400"}`}
            >
              {value ? `${reasonLabels[value]} (${formatCount(figure ?? 0)})` : `All reasons (${formatCount(all)})`}
            </Link>
          );
        })}
      </nav>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-8 text-center text-gray-600">
          {reason ? `No item needs attention for this reason.` : "Nothing needs your attention."}
        </p>
      ) : (
        <>
          <Form
            method="post"
            id={BULK_FORM}
            className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-gray-200 bg-white p-3 text-sm"
            aria-label="Bulk actions"
          >
            <input type="hidden" name="intent" value="bulk" />
            {reason ? <input type="hidden" name="reason" value={reason} /> : null}
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={allTicked}
                onChange={(event) => setTicked(event.target.checked ? new Set(keys) : new Set())}
                aria-label="Select every item on this page"
              />
              {ticked.size > 0 ? `${formatCount(ticked.size)} selected` : "Select all"}
            </label>
            <Select
              name="action"
              aria-label="Bulk action"
              options={bulkAttentionActions.map(({ action, label }) => ({ value: action, label }))}
              className="w-44"
            />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="scope" value="all" /> Every item{" "}
              {reason ? "with this reason" : "in the queue"} ({formatCount(total)}), not only the selected
            </label>
            <Button type="submit" variant="outline" size="sm" disabled={navigation.state !== "idle"}>
              Apply
            </Button>
          </Form>
          <AdminTable
            headings={[
              { label: "Select", hidden: true },
              { label: "Item" },
              { label: "Why" },
              { label: "Clicks (30 days)", align: "right" },
              { label: "Actions" },
            ]}
          >
            {rows.map((row) => {
              const key = `${row.kind}:${row.id}`;
              return (
                <tr key={key} className="border-t border-gray-100 align-top" data-testid="attention-row">
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      name="item"
                      value={key}
                      form={BULK_FORM}
                      checked={ticked.has(key)}
                      onChange={(event) => {
                        const next = new Set(ticked);
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                        setTicked(next);
                      }}
                      aria-label={`Select ${row.label}`}
                    />
                  </td>
                  <td className="px-4 py-3">
                    <Link to={row.href} className="font-medium text-brand-700 hover:underline">
                      {row.label}
                    </Link>
                    <p className="text-xs text-gray-500">{row.noun}</p>
                  </td>
                  <td className="px-4 py-3 text-gray-700" data-label="Why">
                    <ul className="space-y-1">
                      {row.reasons.map((item) => (
                        <li key={item.reason}>{reasonText(row.kind, item)}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums" data-label="Clicks (30 days)">
                    {formatCount(row.clicks)}
                  </td>
                  <td className="px-4 py-3">
                    <Form method="post" className="flex flex-wrap gap-2" aria-label={`Actions for ${row.label}`}>
                      <input type="hidden" name="kind" value={row.kind} />
                      <input type="hidden" name="id" value={row.id} />
                      {reason ? <input type="hidden" name="reason" value={reason} /> : null}
                      {actionsFor(row).map(({ action, label }) => (
                        <span key={action} className="flex gap-1">
                          {action === "fallback" ? (
                            // Checked on the server: a browser's URL check would also stop the row's other buttons.
                            <input
                              name="fallbackUrl"
                              inputMode="url"
                              placeholder="https://"
                              aria-label={`Fallback URL for ${row.label}`}
                              className="w-40 rounded-md border border-gray-300 px-2 py-1 text-xs"
                            />
                          ) : null}
                          <RowSubmitButton name="intent" value={action} disabled={busy === row.id}>
                            {label}
                          </RowSubmitButton>
                        </span>
                      ))}
                    </Form>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </>
      )}
      <PreviousNextPager page={page} hasNext={total > page * ATTENTION_PAGE_SIZE} />
    </div>
  );
}
