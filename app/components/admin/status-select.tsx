import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { contentStatuses, type ContentStatus } from "~/lib/validation";

const labels: Record<ContentStatus, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** The content status select; `offered` narrows the choices (guides and gift ideas offer two). */
export function StatusSelect({
  field,
  offered = contentStatuses,
}: {
  field: FieldMetadata<ContentStatus | undefined>;
  offered?: readonly ContentStatus[];
}) {
  return (
    <Field id={field.id} label="Status" errors={field.errors}>
      <Select {...getSelectProps(field)} key={field.key} options={offered.map((value) => ({ value, label: labels[value] }))} />
    </Field>
  );
}
