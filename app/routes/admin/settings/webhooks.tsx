import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { SelectField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { useToast } from "#app/components/ui/toaster";
import { formatMoment } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast, type Toast } from "#app/lib/toast";
import { isUuid } from "#app/lib/uuid";
import {
  type WebhookBatchMode,
  webhookEventInfo,
  webhookEvents,
  type WebhookFormat,
  webhookFormats,
} from "#app/lib/webhook-kinds";
import { recordAudit } from "#app/modules/audit/audit.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { type WebhookInput, webhookSchema } from "#app/modules/webhooks/webhook.schema";
import { eventCatalogue } from "#app/modules/webhooks/webhook-bodies.server";
import {
  deleteWebhook,
  redeliver,
  saveWebhook,
  sendTestWebhook,
  WEBHOOK_DELIVERIES_JOB,
  WEBHOOK_SECRET_UNREADABLE,
  webhooksWithDeliveries,
} from "#app/modules/webhooks/webhooks.server";

import type { Route } from "./+types/webhooks";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    hooks: await webhooksWithDeliveries(context.db, context.appSecret),
    catalogue: eventCatalogue(context.env.PUBLIC_URL),
    secretUnreadable: WEBHOOK_SECRET_UNREADABLE,
  };
}

/** What the page shows after a post: the form's messages (by form id) and a toast. */
type Answer = { formId: string | null; result: SubmissionResult<string[]> | null; toast: Toast };
const answer = (
  toast: Toast,
  formId: string | null = null,
  result: SubmissionResult<string[]> | null = null,
  status = 200,
) => data<Answer>({ formId, result, toast }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "save") {
    const hookId = id ? id : undefined;
    const formId = hookId ? `webhook-${hookId}` : "webhook-new";
    if (hookId && !isUuid(hookId)) return answer(errorToast("There is no such webhook"), formId, null, 404);
    const submission = parseWithZod(form, { schema: webhookSchema });
    if (submission.status !== "success")
      return answer(errorToast("Please correct the highlighted fields"), formId, submission.reply(), 400);
    const saved = await saveWebhook(context.db, context.appSecret, hookId, submission.value, {
      allowPrivate: context.env.LINK_CHECK_ALLOW_PRIVATE,
    });
    if (!saved.ok)
      return answer(
        errorToast(saved.fieldErrors.url?.[0] ?? "Failed to save the webhook"),
        formId,
        submission.reply({ fieldErrors: saved.fieldErrors }),
        400,
      );
    await recordAudit(context.db, {
      action: hookId ? "update" : "create",
      actor: admin.user,
      entity: "webhook",
      entityId: saved.id,
      detail: { ...submission.value },
    });
    return answer(
      successToast(hookId ? "Webhook updated" : "Webhook added"),
      formId,
      submission.reply({ resetForm: !hookId }),
    );
  }
  if (!isUuid(id)) return answer(errorToast("There is no such webhook"), null, null, 404);
  if (intent === "delete") {
    if (!(await deleteWebhook(context.db, id))) return answer(errorToast("There is no such webhook"), null, null, 404);
    await recordAudit(context.db, { action: "delete", actor: admin.user, entity: "webhook", entityId: id });
    return answer(successToast("Webhook deleted"));
  }
  if (intent === "test") {
    const sent = await sendTestWebhook(context.db, context.appSecret, id, {
      allowPrivate: context.env.LINK_CHECK_ALLOW_PRIVATE,
      siteUrl: context.env.PUBLIC_URL,
    });
    if (!sent) return answer(errorToast("There is no such webhook"), null, null, 404);
    const reply = [sent.status, sent.response].filter((part) => part !== null && part !== "").join(" ");
    return answer(
      sent.ok ? successToast(`Test delivered: ${reply}`) : errorToast(`Test failed: ${reply || "no answer"}`),
    );
  }
  if (intent === "redeliver" && (await redeliver(context.db, id))) {
    await context.jobs.runNow(WEBHOOK_DELIVERIES_JOB);
    return answer(successToast("Delivery queued again"));
  }
  return answer(errorToast("There is no such delivery"), null, null, 404);
}

const formatLabels: Record<WebhookFormat, string> = { json: "Generic JSON", discord: "Discord", slack: "Slack" };
const batchLabels: Record<WebhookBatchMode, string> = { summary: "One summary post", quiet: "Nothing (stay quiet)" };
const stateLabels = {
  delivered: "Delivered",
  failed: "Failed (gave up)",
  dropped: "Not sent: no longer live",
} as const;

/** The form that adds a hook (no `hook`) or changes one. */
function WebhookForm({
  hook,
  lastAnswer,
  busy,
}: {
  hook?: WebhookInput & { id: string };
  lastAnswer: Answer | undefined;
  busy: boolean;
}) {
  const formId = hook ? `webhook-${hook.id}` : "webhook-new";
  const [form, fields] = useValidatedForm(webhookSchema, {
    id: formId,
    lastResult: lastAnswer?.formId === formId ? lastAnswer.result : undefined,
    defaultValue: hook ?? { format: "json", events: ["deal.published"], batches: "summary" },
    shouldValidate: "onSubmit",
  });
  const chosen = new Set(fields.events.initialValue as string[] | undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      {hook ? <input type="hidden" name="id" value={hook.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField field={fields.url} label="URL" type="url" placeholder="https://discord.com/api/webhooks/…" />
        <SelectField
          field={fields.format}
          label="Format"
          options={webhookFormats.map((value) => ({ value, label: formatLabels[value] }))}
        />
      </div>
      <fieldset className="text-sm" aria-describedby={fields.events.errors ? `${fields.events.id}-error` : undefined}>
        <legend className="mb-1 font-medium text-gray-700">Events</legend>
        <div className="flex flex-wrap gap-4">
          {webhookEvents.map((event) => (
            <label key={event} className="flex items-center gap-2">
              <input
                type="checkbox"
                name={fields.events.name}
                value={event}
                defaultChecked={chosen.has(event)}
                key={`${fields.events.key}-${event}`}
              />{" "}
              {webhookEventInfo[event].label}
            </label>
          ))}
        </div>
        {fields.events.errors ? (
          <p id={`${fields.events.id}-error`} className="mt-1 text-sm text-red-600" role="alert">
            {fields.events.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        field={fields.batches}
        label="Imports and bulk actions send"
        hint="A CSV import or a bulk action that publishes 50 deals sends one post saying so, or none."
        options={(Object.keys(batchLabels) as WebhookBatchMode[]).map((value) => ({
          value,
          label: batchLabels[value],
        }))}
        className="max-w-xs"
      />
      <Button type="submit" disabled={busy}>
        {hook ? "Save webhook" : "Add webhook"}
      </Button>
    </Form>
  );
}

export default function Webhooks({
  loaderData: { hooks, catalogue, secretUnreadable },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useToast(actionData?.toast);
  return (
    <div className="min-w-0 space-y-8">
      <AdminPageHeader
        title="Webhooks"
        description="Post to Discord, Slack or your own endpoint when deals, coupons and guides go live. Each post is signed: X-DealDash-Signature is sha256= the HMAC-SHA256, with the hook's secret, of X-DealDash-Timestamp, a dot and the body; refuse old timestamps. X-DealDash-Delivery is the same on every retry of a post: drop one you have had. Only public addresses are posted to; a failed post is tried again, waiting longer each time, and news of an item no longer live is not sent."
      />
      <section className="space-y-4 rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="add-webhook">
        <h2 id="add-webhook" className="text-lg font-semibold">
          Add a webhook
        </h2>
        <WebhookForm lastAnswer={actionData} busy={busy} />
      </section>
      {hooks.map((hook) => (
        <section key={hook.id} className="space-y-3" data-testid="webhook" aria-label={`Webhook ${hook.url}`}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-all text-gray-900">{hook.url}</p>
              <p className="text-gray-600">
                {formatLabels[hook.format]} · {hook.events.map((event) => webhookEventInfo[event].label).join(", ")} ·
                Imports and bulk actions: {batchLabels[hook.batches].toLowerCase()}
              </p>
              {hook.secret === null ? (
                <p role="alert" className="text-red-700">
                  {secretUnreadable}
                </p>
              ) : (
                <p className="break-all text-gray-600">
                  Secret: <code className="rounded bg-gray-100 px-1">{hook.secret}</code>
                </p>
              )}
            </div>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={hook.id} />
              <Button type="submit" name="intent" value="test" variant="outline" disabled={busy}>
                Send test
              </Button>
              <Button type="submit" name="intent" value="delete" variant="outline" disabled={busy}>
                Delete webhook
              </Button>
            </Form>
          </div>
          <details
            className="rounded-xl border border-gray-200 bg-white p-4"
            open={actionData?.formId === `webhook-${hook.id}` && actionData.toast.type === "error"}
          >
            <summary className="cursor-pointer text-sm font-medium text-gray-800">Edit webhook</summary>
            <div className="pt-4">
              <WebhookForm hook={hook} lastAnswer={actionData} busy={busy} />
            </div>
          </details>
          {hook.deliveries.length === 0 ? (
            <p className="text-sm text-gray-600">No deliveries yet.</p>
          ) : (
            <AdminTable
              headings={[
                { label: "Event" },
                { label: "State" },
                { label: "Answer" },
                { label: "Written" },
                { label: "Actions", hidden: true },
              ]}
            >
              {hook.deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-t border-gray-100 align-top" data-testid="webhook-delivery">
                  <td className="px-4 py-3">
                    {webhookEventInfo[delivery.event].label}
                    {delivery.test ? " (test)" : delivery.news?.source ? ` (${delivery.news.count})` : ""}
                  </td>
                  <td className="px-4 py-3" data-label="State">
                    {delivery.state === "pending"
                      ? delivery.attempts
                        ? `Retrying (${delivery.attempts} tries)`
                        : "Waiting"
                      : stateLabels[delivery.state]}
                  </td>
                  <td className="px-4 py-3 text-gray-700" data-label="Answer">
                    {delivery.responseStatus ? `${delivery.responseStatus} ` : ""}
                    <span className="break-all">{delivery.state === "dropped" ? "" : (delivery.response ?? "")}</span>
                  </td>
                  <td className="px-4 py-3 text-gray-700" data-label="Written">
                    {formatMoment(delivery.createdAt)}
                  </td>
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
      <section className="space-y-3" aria-labelledby="webhook-events">
        <h2 id="webhook-events" className="text-lg font-semibold">
          Events
        </h2>
        <p className="text-sm text-gray-600">
          Generic JSON bodies carry an <code>id</code> that stays the same on every retry, so a receiver can drop
          repeats. A CSV import or a bulk action sends one post for what it changed, with its count, its source and its
          first 10 items.
        </p>
        {catalogue.map((entry) => (
          <details
            key={entry.event}
            className="rounded-xl border border-gray-200 bg-white p-4"
            data-testid="webhook-event"
          >
            <summary className="cursor-pointer text-sm">
              <code className="font-medium">{entry.event}</code> · {entry.label}: {entry.description}
            </summary>
            <div className="grid gap-4 pt-3 lg:grid-cols-2">
              <div className="min-w-0">
                <h3 className="mb-1 text-sm font-medium text-gray-700">One item</h3>
                <pre className="rounded bg-gray-50 p-3 text-xs break-all whitespace-pre-wrap">{entry.single}</pre>
              </div>
              <div className="min-w-0">
                <h3 className="mb-1 text-sm font-medium text-gray-700">An import or bulk action</h3>
                <pre className="rounded bg-gray-50 p-3 text-xs break-all whitespace-pre-wrap">{entry.batch}</pre>
              </div>
            </div>
          </details>
        ))}
      </section>
    </div>
  );
}
