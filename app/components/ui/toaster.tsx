import { useEffect } from "react";
import { toast as sonner, Toaster as SonnerToaster } from "sonner";

import { island } from "#app/islands/island";
import type { Toast } from "#app/lib/toast";

let shownId: string | undefined;

/**
 * Shows a toast in place of the one on screen (a new message replaces the last instead of stacking); the
 * id makes a repeated render of the same toast a no-op.
 */
export function showToast(toast: Toast) {
  if (toast.id !== shownId) sonner.dismiss();
  shownId = toast.id;
  const options = { id: toast.id, description: toast.description };
  if (toast.type === "success") sonner.success(toast.title, options);
  else if (toast.type === "error") sonner.error(toast.title, options);
  else sonner.info(toast.title, options);
}

/** Shows the toast a loader or action handed over, once. */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

export function Toaster() {
  return <SonnerToaster position="top-right" richColors closeButton toastOptions={{ duration: 5000 }} />;
}

/** The toaster and the toast a page load handed over. */
export default function Toasts({ toast }: { toast: Toast | null }) {
  useToast(toast);
  return <Toaster />;
}

/** On a public page, the toast a form's answer handed over (its script loads only where one shows). */
export const ToastsIsland = island("toasts", Toasts);
