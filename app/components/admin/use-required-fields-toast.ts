import type { FormEvent } from "react";
import { showToast } from "#app/components/ui/toaster";
import { errorToast } from "#app/lib/toast";

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";

/**
 * Wraps a form's submit handler: when validation stops the submit and one of the named fields is empty,
 * the spec's 'Please fill in all required fields' toast joins the field messages.
 */
export function withRequiredFieldsToast(
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
  required: readonly string[],
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    onSubmit(event);
    if (event.defaultPrevented && required.some((name) => !String(data.get(name) ?? "").trim())) {
      showToast(errorToast(REQUIRED_FIELDS_MESSAGE));
    }
  };
}
