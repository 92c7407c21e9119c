import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import { useToast } from "#app/components/ui/toaster";
import type { Toast } from "#app/lib/toast";
import { scheduleInputs } from "#app/modules/content-types/schedule";

/**
 * A Conform form checked by the schema its action uses: fields are checked when left (or, with
 * `onSubmit`, when sent), then again as the user types to clear the error.
 */
export function useValidatedForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    /** Tells forms of one page apart (each hook's edit form). */
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Record<string, unknown> | null;
    shouldValidate?: "onBlur" | "onSubmit";
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** An admin content form: the action's toast shown, the form checked by the type's schema, starting from `defaultValue` (a stored row's schedule shown as the inputs write it). */
export function useContentForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  actionData: { result?: SubmissionResult<string[]> | null; toast?: Toast | null } | undefined,
  defaultValue: Record<string, unknown> | undefined,
) {
  useToast(actionData?.toast);
  return useValidatedForm(schema, {
    lastResult: actionData?.result,
    defaultValue: defaultValue && scheduleInputs(defaultValue),
  });
}
