import { getFormProps } from "@conform-to/react";
import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { FormSection } from "#app/components/admin/form-section";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { SelectField, TextareaField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { categoryOptions } from "#app/modules/categories/categories.server";
import { categorySchema } from "#app/modules/categories/category.schema";
import { selfAndDescendants } from "#app/modules/categories/category-tree";
import { categoryType } from "#app/modules/categories/category.type.server";
import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/category-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(categoryType, args, { options: categoryOptions });

export const action = (args: Route.ActionArgs) => saveContentForm(categoryType, args);

export default function CategoryForm({ loaderData: { row: category, frame, options }, actionData }: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    categorySchema,
    actionData,
    category ? { name: category.name, slug: category.slug, description: category.description, parentId: category.parentId } : undefined,
  );
  // A category cannot be its own parent, nor sit under one of its own subcategories.
  const excluded = category ? selfAndDescendants(category.id, options) : new Set<string>();
  const parents = options.filter((option) => !excluded.has(option.id)).map((option) => ({ value: option.id, label: option.name }));

  return (
    <ContentFormFrame view={frame} formProps={getFormProps(form)} width="narrow">
      <FormSection title="Category Information">
        <SluggedTitleFields source={fields.name} slug={fields.slug} sourceLabel="Name" creating={category === null} />
        <SelectField field={fields.parentId} label="Parent category" options={parents} placeholder="No Parent (Top Level)" className="md:col-span-2" />
        <TextareaField field={fields.description} label="Description" rows={3} className="md:col-span-2" />
      </FormSection>
    </ContentFormFrame>
  );
}
