import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";

import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { formatCount } from "#app/lib/counts";
import { type ListParams, listSearch } from "#app/modules/content-types/list-params";

import type { ContentListView } from "./content-list-view";

/** The ticked rows of a list, or every row its view matches (`all`). */
export interface Selection {
  ids: Set<string>;
  all: boolean;
}

/**
 * Bulk actions for the ticked rows, or for all rows the view matches. The result (how many changed, and
 * which were left alone and why) arrives as a toast; a delete asks first.
 */
export function BulkBar({
  fetcher,
  view,
  params,
  total,
  pageIds,
  selection,
  onChange,
}: {
  /** The list's, so the list can clear its selection once the action is done. */
  fetcher: FetcherWithComponents<{ ok: boolean }>;
  view: ContentListView;
  params: ListParams;
  total: number;
  pageIds: string[];
  selection: Selection;
  onChange(selection: Selection): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [action, setAction] = useState("");
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const chosen = selection.all ? total : selection.ids.size;
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const noun = (n: number) => (n === 1 ? view.noun.one : view.noun.many);

  if (chosen === 0) return null;
  const submit = () => form.current?.requestSubmit();
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-3 border-b border-gray-200 bg-brand-50 px-5 py-3 text-sm"
    >
      <span className="font-medium" data-testid="selection-count">
        {selection.all
          ? `All ${formatCount(total)} matching ${noun(total)} selected`
          : `${formatCount(chosen)} selected`}
      </span>
      {allOnPage && !selection.all && total > pageIds.length ? (
        <button
          type="button"
          className="font-medium text-brand-700 underline"
          onClick={() => onChange({ ids: selection.ids, all: true })}
        >
          Select all {formatCount(total)} matching {view.noun.many}
        </button>
      ) : null}
      <button
        type="button"
        className="text-gray-600 underline"
        onClick={() => onChange({ ids: new Set(), all: false })}
      >
        Clear selection
      </button>
      <fetcher.Form
        ref={form}
        method="post"
        className="ml-auto flex items-center gap-2"
        onSubmit={() => setConfirming(false)}
      >
        <input type="hidden" name="intent" value="bulk" />
        {selection.all ? (
          <>
            <input type="hidden" name="all" value="1" />
            <input type="hidden" name="view" value={listSearch({ ...params, page: 1 }).slice(1)} />
          </>
        ) : (
          [...selection.ids].map((id) => <input key={id} type="hidden" name="ids" value={id} />)
        )}
        <Select
          name="bulk"
          aria-label="Bulk action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          options={view.bulk.map((item) => ({ value: item.action, label: item.label }))}
          placeholder="Choose an action…"
          className="h-9 w-48"
        />
        <Button
          type="button"
          size="sm"
          disabled={!action || busy}
          onClick={() => (action === "delete" ? setConfirming(true) : submit())}
        >
          {busy ? "Applying..." : "Apply"}
        </Button>
      </fetcher.Form>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">Confirm delete</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-gray-700">
              Delete {formatCount(chosen)} {noun(chosen)}? Those still used elsewhere are kept, and the result says
              which.
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">Cancel</Button>
              </AlertDialog.Cancel>
              <Button variant="destructive" onClick={submit}>
                Delete
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
