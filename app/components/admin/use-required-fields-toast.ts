import { INTENT } from "@conform-to/dom";
import type { FormEvent } from "react";

import { showToast } from "#app/components/ui/toaster";
import { errorToast } from "#app/lib/toast";

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";

/** The button that sent a form, or null. */
export const submitterOf = (event: FormEvent<HTMLFormElement>) =>
  (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;

/**
 * Whether the user sent the form. Conform also submits the form to itself to validate a field as it is
 * typed in or to fill fields (an Amazon fetch); those carry its intent button and are not the user's.
 */
export const isUserSubmit = (event: FormEvent<HTMLFormElement>) => submitterOf(event)?.name !== INTENT;

/**
 * Wraps a form's submit handler: when the user's submit is stopped by validation and one of the named
 * fields is empty, the spec's 'Please fill in all required fields' toast joins the field messages, once.
 */
export function withRequiredFieldsToast(
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
  required: readonly string[],
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    onSubmit(event);
    if (
      event.defaultPrevented &&
      isUserSubmit(event) &&
      required.some((name) => !String(data.get(name) ?? "").trim())
    ) {
      showToast(errorToast(REQUIRED_FIELDS_MESSAGE));
    }
  };
}
