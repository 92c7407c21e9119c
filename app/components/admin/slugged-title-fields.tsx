import type { FieldMetadata } from "@conform-to/react";

import { TextField } from "#app/components/forms/fields";

import { useSlugFollower } from "./use-slug-follower";

/** The title (or name) field and the slug that follows it while a new row is being created. */
export function SluggedTitleFields({
  source,
  slug,
  sourceLabel,
  creating,
}: {
  source: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  sourceLabel: "Title" | "Name";
  creating: boolean;
}) {
  const { slugRef, onSourceInput, onSlugInput } = useSlugFollower(creating);
  return (
    <>
      <TextField field={source} label={sourceLabel} onInput={onSourceInput} />
      <TextField
        field={slug}
        label="Slug"
        hint={`Made from the ${sourceLabel.toLowerCase()} if left empty.`}
        ref={slugRef}
        onInput={onSlugInput}
      />
    </>
  );
}
