import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { Field } from "#app/components/ui/field";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { categoryOptions, createCategory, getCategoryForAdmin, updateCategory } from "#app/modules/categories/categories.server";
import { categorySchema } from "#app/modules/categories/category.schema";
import { selfAndDescendants } from "#app/modules/categories/category-tree";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/category-form";

const LIST = "/admin/categories";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const category = await loadForEdit(params.id, getCategoryForAdmin, { listPath: LIST, failedMessage: "Failed to fetch category" });
  return { category, options: await categoryOptions(db()) };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: categorySchema,
    create: createCategory,
    update: updateCategory,
    listPath: LIST,
    messages: { created: "Category created successfully", updated: "Category updated successfully", failed: "Failed to save category" },
  });
}

export default function CategoryForm({ loaderData: { category, options }, actionData }: Route.ComponentProps) {
  const editing = category !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: category
      ? { name: category.name, slug: category.slug, description: category.description, parentId: category.parentId }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A category cannot be its own parent, nor sit under one of its own subcategories.
  const excluded = category ? selfAndDescendants(category.id, options) : new Set<string>();
  const parents = options.filter((option) => !excluded.has(option.id)).map((option) => ({ value: option.id, label: option.name }));

  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title={editing ? "Edit Category" : "Add Category"} back={{ to: LIST, label: "Back to Categories" }} />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormSection title="Category Information">
          <SluggedTitleFields source={fields.name} slug={fields.slug} sourceLabel="Name" creating={!editing} />
          <Field id={fields.parentId.id} label="Parent category" errors={fields.parentId.errors} className="md:col-span-2">
            <Select {...getSelectProps(fields.parentId)} key={fields.parentId.key} options={parents} placeholder="No Parent (Top Level)" />
          </Field>
          <Field id={fields.description.id} label="Description" errors={fields.description.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
          </Field>
        </FormSection>
        <FormActions submitLabel={editing ? "Update Category" : "Create Category"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
