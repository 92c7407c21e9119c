import { AlertDialog } from "radix-ui";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";

/**
 * Delete with the spec's confirmation question in an accessible dialog. Posts `intent=delete` to the
 * list route's action; its toast arrives through the flash cookie.
 */
export function ConfirmDelete({ id, question, label }: { id: string; question: string; label: string }) {
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${label}`} className="text-red-600 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Confirm delete</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{question}</AlertDialog.Description>
          <p className="mt-1 text-sm font-medium text-gray-900">{label}</p>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={id} />
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
