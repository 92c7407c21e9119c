import type { FieldMetadata } from "@conform-to/react";

import { TextField } from "#app/components/forms/fields";
import { Button } from "#app/components/ui/button";
import { siteTimeZone } from "#app/lib/dates";

type ScheduleField = FieldMetadata<string | Date | undefined>;

/**
 * 'Publish at' and 'Unpublish at' for a type with a status: a published item is public between them. The
 * times are the site's (UTC), as stored, and 'Clear schedule' empties both so the status alone decides.
 */
export function ScheduleFields({
  form,
  publishAt,
  unpublishAt,
}: {
  form: { update(options: { name: string; value: string }): void };
  publishAt: ScheduleField;
  unpublishAt: ScheduleField;
}) {
  const scheduled = Boolean(publishAt.value || unpublishAt.value);
  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Schedule ({siteTimeZone()})</legend>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          field={publishAt}
          label="Publish at"
          type="datetime-local"
          hint={`Optional: a published item appears at this time (${siteTimeZone()}).`}
        />
        <TextField
          field={unpublishAt}
          label="Unpublish at"
          type="datetime-local"
          hint={`Optional: it leaves the site at this time (${siteTimeZone()}).`}
        />
      </div>
      {scheduled ? (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => {
            form.update({ name: publishAt.name, value: "" });
            form.update({ name: unpublishAt.name, value: "" });
          }}
        >
          Clear schedule
        </Button>
      ) : null}
    </fieldset>
  );
}
