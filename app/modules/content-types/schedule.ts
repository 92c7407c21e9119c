import type { z } from "zod";

import { toDateTimeInput } from "#app/lib/dates";
import { optionalDateTime } from "#app/lib/validation";

// Scheduled publish and unpublish, the same for every type with a status: two optional instants in the
// form, stored in UTC and applied by the public-read rule at query time.

export const SCHEDULE_ORDER_MESSAGE = "Unpublish at must be after Publish at";

/** The form fields, spread into a type's field object. */
export const scheduleFields = { publishAt: optionalDateTime(), unpublishAt: optionalDateTime() };

export const isScheduleField = (field: string) => field in scheduleFields;

/** The schema check that an unpublish time comes after the publish time. */
export function scheduleInOrder(value: { publishAt?: Date; unpublishAt?: Date }, ctx: z.RefinementCtx) {
  if (value.publishAt && value.unpublishAt && value.unpublishAt <= value.publishAt) {
    ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: SCHEDULE_ORDER_MESSAGE });
  }
}

/** A stored row's schedule as the form's inputs show it. */
export function scheduleInputs(row: Record<string, unknown>): Record<string, unknown> {
  if (!("publishAt" in row)) return row;
  return {
    ...row,
    publishAt: toDateTimeInput(row.publishAt as Date | null),
    unpublishAt: toDateTimeInput(row.unpublishAt as Date | null),
  };
}
