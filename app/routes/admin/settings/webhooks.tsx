import { Form, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { isHttpUrl } from "#app/lib/urls";
import { HTTP_URL_MESSAGE } from "#app/lib/validation";
import { webhookEvents, webhookFormats, type WebhookEvent, type WebhookFormat } from "#app/lib/webhook-kinds";
import { recordAudit } from "#app/modules/audit/audit.server";
import { addWebhook, deleteWebhook, redeliver, WEBHOOK_DELIVERIES_JOB, webhooksWithDeliveries } from "#app/modules/webhooks/webhooks.server";
import { requireAdmin } from "#app/platform/auth.server";
import { toastAnswer } from "../content/list.server";
import type { Route } from "./+types/webhooks";
import { isUuid } from "#app/lib/uuid";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { hooks: await webhooksWithDeliveries(context.db, context.appSecret) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const url = String(form.get("url") ?? "").trim();
    const format = String(form.get("format")) as WebhookFormat;
    const events = form.getAll("events").map(String) as WebhookEvent[];
    if (!isHttpUrl(url) || url.length > 2000) return toastAnswer(errorToast(`URL: ${HTTP_URL_MESSAGE}`));
    if (!webhookFormats.includes(format)) return toastAnswer(errorToast("Choose a format"));
    if (events.length === 0 || !events.every((event) => webhookEvents.includes(event))) return toastAnswer(errorToast("Choose at least one event"));
    await addWebhook(context.db, context.appSecret, { url, format, events });
    await recordAudit(context.db, { action: "create", actor: admin.user, entity: "webhook", detail: { url, format, events } });
    return toastAnswer(successToast("Webhook added"));
  }
  const id = String(form.get("id") ?? "");
  if (!isUuid(id)) return toastAnswer(errorToast("There is no such webhook"));
  if (intent === "delete") {
    await deleteWebhook(context.db, id);
    await recordAudit(context.db, { action: "delete", actor: admin.user, entity: "webhook", entityId: id });
    return toastAnswer(successToast("Webhook deleted"));
  }
  if (intent === "redeliver" && (await redeliver(context.db, id))) {
    await context.jobs.runNow(WEBHOOK_DELIVERIES_JOB);
    return toastAnswer(successToast("Delivery queued again"));
  }
  return toastAnswer(errorToast("There is no such delivery"));
}

const formatLabels: Record<WebhookFormat, string> = { json: "Generic JSON", discord: "Discord", slack: "Slack" };
const eventLabels: Record<WebhookEvent, string> = {
  "deal.published": "Deal published",
  "deal.updated": "Deal updated",
  "deal.expired": "Deal expired",
  "coupon.published": "Coupon published",
  "guide.published": "Guide published",
};
const whenFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export default function Webhooks({ loaderData: { hooks } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Webhooks"
        description="Post to Discord, Slack or your own endpoint when deals, coupons and guides go live. Each post is signed: X-DealDash-Signature is sha256= the HMAC-SHA256, with the hook's secret, of X-DealDash-Timestamp, a dot and the body; refuse old timestamps. Only public addresses are posted to; a failed post is tried again, waiting longer each time."
      />
      <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
        <input type="hidden" name="intent" value="add" />
        <h2 className="text-lg font-semibold">Add a webhook</h2>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-gray-700">URL</span>
            <Input name="url" type="url" required placeholder="https://discord.com/api/webhooks/…" />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-gray-700">Format</span>
            <Select name="format" defaultValue="json" options={webhookFormats.map((value) => ({ value, label: formatLabels[value] }))} />
          </label>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium text-gray-700">Events</legend>
          {webhookEvents.map((event) => (
            <label key={event} className="flex items-center gap-2">
              <input type="checkbox" name="events" value={event} defaultChecked={event === "deal.published"} /> {eventLabels[event]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={busy}>
          Add webhook
        </Button>
      </Form>
      {hooks.map((hook) => (
        <section key={hook.id} className="space-y-3" data-testid="webhook" aria-label={`Webhook ${hook.url}`}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="text-sm">
              <p className="font-medium break-all text-gray-900">{hook.url}</p>
              <p className="text-gray-600">
                {formatLabels[hook.format]} · {hook.events.map((event) => eventLabels[event]).join(", ")}
              </p>
              <p className="text-gray-600">
                Secret: <code className="rounded bg-gray-100 px-1">{hook.secret}</code>
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="id" value={hook.id} />
              <Button type="submit" name="intent" value="delete" variant="outline" disabled={busy}>
                Delete webhook
              </Button>
            </Form>
          </div>
          {hook.deliveries.length === 0 ? (
            <p className="text-sm text-gray-600">No deliveries yet.</p>
          ) : (
            <AdminTable headings={[{ label: "Event" }, { label: "State" }, { label: "Answer" }, { label: "Written" }, { label: "Actions", hidden: true }]}>
              {hook.deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-t border-gray-100 align-top" data-testid="webhook-delivery">
                  <td className="px-4 py-3">{eventLabels[delivery.event]}</td>
                  <td className="px-4 py-3">
                    {delivery.state === "delivered"
                      ? "Delivered"
                      : delivery.state === "failed"
                        ? "Failed (gave up)"
                        : delivery.attempts
                          ? `Retrying (${delivery.attempts} tries)`
                          : "Waiting"}
                  </td>
                  <td className="px-4 py-3 text-gray-700">
                    {delivery.responseStatus ? `${delivery.responseStatus} ` : ""}
                    <span className="break-all">{delivery.response ?? ""}</span>
                  </td>
                  <td className="px-4 py-3 text-gray-700">{whenFormat.format(delivery.createdAt)} UTC</td>
                  <td className="px-4 py-3">
                    <Form method="post">
                      <input type="hidden" name="id" value={delivery.id} />
                      <Button type="submit" name="intent" value="redeliver" variant="outline" size="sm" disabled={busy}>
                        Redeliver
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
      ))}
    </div>
  );
}
