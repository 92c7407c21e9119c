import type { FieldMetadata } from "@conform-to/react";
import { createContext, useContext } from "react";

import { SelectField } from "#app/components/forms/fields";
import { type ContentStatus, contentStatuses } from "#app/lib/validation";

const labels: Record<ContentStatus, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** Whether the signed-in role may publish: a contributor's form offers Draft alone (the server checks again). */
export const MayPublish = createContext(true);

/** The content status select; `offered` narrows the choices (guides and gift ideas offer two). */
export function StatusSelect({
  field,
  offered: choices = contentStatuses,
}: {
  field: FieldMetadata<ContentStatus | undefined>;
  offered?: readonly ContentStatus[];
}) {
  const offered = useContext(MayPublish) ? choices : (["draft"] as const);
  return (
    <SelectField field={field} label="Status" options={offered.map((value) => ({ value, label: labels[value] }))} />
  );
}

/**
 * Gift ideas and guides offer draft and published. An archived row shows 'Archived' as a third choice
 * and says that saving keeps it archived, so an edit never silently brings it back.
 */
export function TwoChoiceStatusSelect({
  field,
  current,
  noun,
}: {
  field: FieldMetadata<ContentStatus | undefined>;
  current: ContentStatus | undefined;
  noun: string;
}) {
  const archived = current === "archived";
  return (
    <div className="flex flex-col gap-1.5">
      <StatusSelect field={field} offered={archived ? contentStatuses : ["draft", "published"]} />
      {archived ? (
        <p className="text-xs text-gray-600">
          This {noun} is archived and stays archived unless you choose another status.
        </p>
      ) : null}
    </div>
  );
}
