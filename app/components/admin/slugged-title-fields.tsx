import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { useSlugFollower } from "./use-slug-follower";

/** The title (or name) field and the slug that follows it while creating (spec §4, §5). */
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
      <Field id={source.id} label={sourceLabel} errors={source.errors}>
        <Input {...getInputProps(source, { type: "text" })} key={source.key} onInput={onSourceInput} />
      </Field>
      <Field id={slug.id} label="Slug" errors={slug.errors} hint={`Made from the ${sourceLabel.toLowerCase()} if left empty.`}>
        <Input {...getInputProps(slug, { type: "text" })} key={slug.key} ref={slugRef} onInput={onSlugInput} />
      </Field>
    </>
  );
}
