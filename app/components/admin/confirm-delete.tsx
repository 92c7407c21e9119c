import { AlertDialog } from "radix-ui";
import { useFetcher } from "react-router";

import { Button } from "#app/components/ui/button";

export interface DeleteTarget {
  id: string;
  label: string;
}

/**
 * The list's one delete confirmation (the spec's question, an accessible dialog) for whichever row asked.
 * Posts `intent=delete` to the list route's action; its toast arrives through the flash cookie.
 */
export function ConfirmDelete({
  target,
  question,
  onClose,
}: {
  target: DeleteTarget | null;
  question: string;
  onClose(): void;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <AlertDialog.Root open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Confirm delete</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{question}</AlertDialog.Description>
          <p className="mt-1 text-sm font-medium text-gray-900">{target?.label}</p>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <fetcher.Form method="post" onSubmit={onClose}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={target?.id ?? ""} />
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? "Deleting..." : "Delete"}
              </Button>
            </fetcher.Form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
