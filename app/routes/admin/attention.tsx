import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { PreviousNextPager } from "#app/components/admin/previous-next-pager";
import { RowSubmitButton } from "#app/components/admin/row-actions";
import { Button } from "#app/components/ui/button";
import { readFormData } from "#app/lib/form-data";
import { actionsFor, ATTENTION_PAGE_SIZE, reasonText } from "#app/modules/attention/attention";
import { actOnAttention, attentionQueue } from "#app/modules/attention/attention.server";
import { checkLinksNow } from "#app/modules/link-health/link-health.server";
import { requireAdmin } from "#app/platform/auth.server";
import { toastAnswer } from "./content/list.server";
import type { Route } from "./+types/attention";
import { formatCount } from "#app/lib/counts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get("page")) || 1));
  return { page, ...(await attentionQueue(context.db, page)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  if (field("intent") === "check-links") return toastAnswer(await checkLinksNow(context.jobs));
  return toastAnswer(
    await actOnAttention(context.db, admin.user, {
      kind: field("kind"),
      id: field("id"),
      reason: field("reason"),
      action: field("intent"),
      fallbackUrl: field("fallbackUrl"),
    }),
  );
}

export default function NeedsAttention({ loaderData: { rows, total, page } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("id") : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Needs attention"
        description="Live items that may be losing money: broken links, shoppers' reports, ended items still featured and Amazon prices that could not be refreshed. The most clicked in the last 30 days come first."
        actions={
          <Form method="post">
            <Button type="submit" name="intent" value="check-links" variant="outline" disabled={navigation.state !== "idle"}>
              Check links now
            </Button>
          </Form>
        }
      />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-8 text-center text-gray-600">Nothing needs your attention.</p>
      ) : (
        <AdminTable headings={[{ label: "Item" }, { label: "Why" }, { label: "Clicks (30 days)", align: "right" }, { label: "Actions" }]}>
          {rows.map((row) => (
            <tr key={`${row.kind}-${row.id}-${row.reason}`} className="border-t border-gray-100 align-top" data-testid="attention-row">
              <td className="px-4 py-3">
                <Link to={row.href} className="font-medium text-brand-700 hover:underline">
                  {row.label}
                </Link>
                <p className="text-xs text-gray-500">{row.noun}</p>
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Why">
                {reasonText(row)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums" data-label="Clicks (30 days)">
                {formatCount(row.clicks)}
              </td>
              <td className="px-4 py-3">
                <Form method="post" className="flex flex-wrap gap-2" aria-label={`Actions for ${row.label}`}>
                  <input type="hidden" name="kind" value={row.kind} />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="reason" value={row.reason} />
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
          ))}
        </AdminTable>
      )}
      <PreviousNextPager page={page} hasNext={total > page * ATTENTION_PAGE_SIZE} />
    </div>
  );
}
