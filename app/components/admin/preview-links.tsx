import { Form, useNavigation } from "react-router";

import { formatDateTime } from "#app/lib/dates";

import { Button } from "../ui/button";
import { SelectField } from "../ui/select";
import { RowAction } from "./row-action";

/** The intents an item's preview links take (routes/admin/content/previews.server.ts). */
export const PREVIEW_INTENTS = { create: "create-preview", revoke: "revoke-preview" } as const;

/** An item's preview links as its form shows them (dates as text). */
export interface PreviewLinksView {
  /** Where the section posts: `/admin/<type>/previews/:id`. */
  action: string;
  noun: string;
  days: readonly number[];
  links: Array<{ id: string; url: string; expiresAt: string }>;
}

/**
 * "Preview links" under an item's form: make a link that shows its page, as saved, to someone without an
 * account, copy it, and revoke it.
 */
export function PreviewLinks({ view }: { view: PreviewLinksView }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section
      aria-labelledby="preview-links"
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-5"
      data-testid="preview-links"
    >
      <div>
        <h3 id="preview-links" className="text-lg font-semibold text-gray-900">
          Preview links
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          A preview link shows this {view.noun}&apos;s page as it is saved, to anyone who has the link, without an
          account, even while it is a draft or scheduled. Search engines never see it. It stops when it expires or when
          you revoke it.
        </p>
      </div>
      {view.links.length > 0 ? (
        <ul className="space-y-3">
          {view.links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 text-sm">
              <input
                readOnly
                value={link.url}
                aria-label="Preview link"
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs"
              />
              <span className="text-gray-600">Expires {formatDateTime(link.expiresAt)}</span>
              <RowAction
                action={view.action}
                intent={PREVIEW_INTENTS.revoke}
                fields={{ link: link.id }}
                label="Revoke"
                ariaLabel={`Revoke the preview link that expires ${formatDateTime(link.expiresAt)}`}
                busy={busy}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={view.action} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={PREVIEW_INTENTS.create} />
        <SelectField
          label="Works for"
          className="w-40"
          name="days"
          defaultValue="7"
          options={view.days.map((days) => ({ value: String(days), label: days === 1 ? "1 day" : `${days} days` }))}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          Make a preview link
        </Button>
      </Form>
    </section>
  );
}
