import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { storeApiTypes, storeSchema } from "#app/modules/stores/store.schema";
import { createStore, getStoreForAdmin, updateStore } from "#app/modules/stores/stores.server";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/store-form";

const LIST = "/admin/stores";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const store = await loadForEdit(params.id, getStoreForAdmin, { listPath: LIST, failedMessage: "Failed to fetch store" });
  return { store };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: storeSchema,
    create: createStore,
    update: updateStore,
    listPath: LIST,
    messages: { created: "Store created successfully", updated: "Store updated successfully", failed: "Failed to save store" },
  });
}

export default function StoreForm({ loaderData: { store }, actionData }: Route.ComponentProps) {
  const editing = store !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: store
      ? {
          name: store.name,
          slug: store.slug,
          logoUrl: store.logoUrl,
          seoTitle: store.seoTitle,
          seoDescription: store.seoDescription,
          apiType: store.apiType,
          apiConfig: Object.keys(store.apiConfig).length ? JSON.stringify(store.apiConfig, null, 2) : "",
        }
      : { apiType: "manual" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: storeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // amazon_pa is set by the Amazon settings screen; keep it selectable only on the store that has it.
  const apiTypes = store?.apiType === "amazon_pa" ? [...storeApiTypes, "amazon_pa" as const] : storeApiTypes;

  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title={editing ? "Edit Store" : "Add Store"} back={{ to: LIST, label: "Back to Stores" }} />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormSection title="Store Information">
          <SluggedTitleFields source={fields.name} slug={fields.slug} sourceLabel="Name" creating={!editing} />
          <Field id={fields.logoUrl.id} label="Logo URL" errors={fields.logoUrl.errors} className="md:col-span-2">
            <Input {...getInputProps(fields.logoUrl, { type: "url" })} key={fields.logoUrl.key} placeholder="https://…" />
          </Field>
        </FormSection>
        <FormSection title="SEO Settings">
          <Field id={fields.seoTitle.id} label="SEO title" errors={fields.seoTitle.errors} className="md:col-span-2">
            <Input {...getInputProps(fields.seoTitle, { type: "text" })} key={fields.seoTitle.key} />
          </Field>
          <Field id={fields.seoDescription.id} label="SEO description" errors={fields.seoDescription.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.seoDescription)} key={fields.seoDescription.key} rows={3} />
          </Field>
        </FormSection>
        <FormSection title="API Configuration">
          <Field id={fields.apiType.id} label="API type" errors={fields.apiType.errors}>
            <Select {...getSelectProps(fields.apiType)} key={fields.apiType.key} options={apiTypes.map((type) => ({ value: type, label: type }))} />
          </Field>
          <Field
            id={fields.apiConfig.id}
            label="API configuration (JSON)"
            errors={fields.apiConfig.errors}
            hint="Secret values show masked; leave them as they are to keep them."
            className="md:col-span-2"
          >
            <Textarea {...getTextareaProps(fields.apiConfig)} key={fields.apiConfig.key} rows={6} className="font-mono" placeholder="{}" />
          </Field>
        </FormSection>
        <FormActions submitLabel={editing ? "Update Store" : "Create Store"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
