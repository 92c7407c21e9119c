import { getFormProps } from "@conform-to/react";

import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { FormSection } from "#app/components/admin/form-section";
import { ReferenceField } from "#app/components/admin/reference-field";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { TextareaField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { categorySchema } from "#app/modules/categories/category.schema";
import { categoryType } from "#app/modules/categories/category.type.server";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/category-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(categoryType, args);

export const action = (args: Route.ActionArgs) => saveContentForm(categoryType, args);

export default function CategoryForm({ loaderData: { row: category, frame, refs }, actionData }: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    categorySchema,
    actionData,
    category
      ? { name: category.name, slug: category.slug, description: category.description, parentId: category.parentId }
      : undefined,
  );

  return (
    <ContentFormFrame view={frame} formProps={getFormProps(form)} width="narrow">
      <FormSection title="Category Information">
        <SluggedTitleFields source={fields.name} slug={fields.slug} sourceLabel="Name" creating={category === null} />
        {/* A category cannot be its own parent, nor sit under one of its own subcategories. */}
        <ReferenceField
          field={fields.parentId}
          to="category"
          label="Parent category"
          refs={refs}
          placeholder="No Parent (Top Level)"
          optional
          exclude={category?.id}
          wide
        />
        <TextareaField field={fields.description} label="Description" rows={3} wide />
      </FormSection>
    </ContentFormFrame>
  );
}
