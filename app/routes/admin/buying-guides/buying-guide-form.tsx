import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { CategorySelect } from "#app/components/admin/category-select";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { TwoChoiceStatusSelect } from "#app/components/admin/status-select";
import { CheckboxField } from "#app/components/ui/checkbox-field";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { buyingGuideSchema } from "#app/modules/buying-guides/buying-guide.schema";
import { createGuide, getGuideForAdmin, updateGuide } from "#app/modules/buying-guides/buying-guides.server";
import { categoryOptions } from "#app/modules/categories/categories.server";
import { listPublishedCouponTitles } from "#app/modules/coupons/coupons.server";
import { listPublishedDealTitles } from "#app/modules/deals/deals.server";
import { listPublishedGiftTitles } from "#app/modules/gift-ideas/gift-ideas.server";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/buying-guide-form";

// The editor is its own chunk: only this admin screen downloads Tiptap.
const RichTextEditor = lazy(() => import("#app/components/admin/rich-text-editor"));

const LIST = "/admin/buying-guides";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const guide = await loadForEdit(params.id, getGuideForAdmin, { listPath: LIST, failedMessage: "Failed to fetch buying guide" });
  const [categories, deals, coupons, gifts] = await Promise.all([
    categoryOptions(db()),
    listPublishedDealTitles(db()),
    listPublishedCouponTitles(db()),
    listPublishedGiftTitles(db()),
  ]);
  return { guide, categories, tokens: { deals, coupons, gifts } };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: buyingGuideSchema,
    create: createGuide,
    update: updateGuide,
    listPath: LIST,
    messages: {
      created: "Buying guide created successfully",
      updated: "Buying guide updated successfully",
      failed: "Failed to save buying guide",
    },
  });
}

export default function BuyingGuideForm({ loaderData: { guide, categories, tokens }, actionData }: Route.ComponentProps) {
  const editing = guide !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: guide
      ? { ...guide, readTime: guide.readTime?.toString() ?? "", tags: guide.tags.join(", ") }
      : { status: "draft", readTime: "5" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: buyingGuideSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const contentError = fields.content.errors?.[0];

  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title={editing ? "Edit Buying Guide" : "Create Buying Guide"} back={{ to: LIST, label: "Back to Buying Guides" }} />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormSection title="Basic Information">
          <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={!editing} />
          <Field id={fields.excerpt.id} label="Excerpt" errors={fields.excerpt.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.excerpt)} key={fields.excerpt.key} rows={3} />
          </Field>
          <Field id={fields.coverImageUrl.id} label="Cover image URL" errors={fields.coverImageUrl.errors} className="md:col-span-2">
            <Input {...getInputProps(fields.coverImageUrl, { type: "url" })} key={fields.coverImageUrl.key} placeholder="https://…" />
          </Field>
          <CategorySelect field={fields.categoryId} categories={categories} />
          <Field id={fields.readTime.id} label="Read time (minutes)" errors={fields.readTime.errors}>
            <Input {...getInputProps(fields.readTime, { type: "number" })} key={fields.readTime.key} min="1" step="1" />
          </Field>
          <Field id={fields.tags.id} label="Tags" errors={fields.tags.errors} hint="Separate tags with commas." className="md:col-span-2">
            <Input {...getInputProps(fields.tags, { type: "text" })} key={fields.tags.key} placeholder="headphones, audio, travel" />
          </Field>
        </FormSection>
        <section className="rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="section-content">
          <h3 id="section-content" className="mb-4 text-lg font-semibold text-gray-900">
            Content
          </h3>
          <Label id={`${fields.content.id}-label`} htmlFor={fields.content.id} className="mb-2 block">
            Guide content <span className="text-red-600">*</span>
          </Label>
          <Suspense fallback={<div className="min-h-[400px] rounded-lg border border-gray-300 bg-gray-50 p-4 text-gray-500">Loading editor…</div>}>
            <RichTextEditor
              id={fields.content.id}
              name={fields.content.name}
              defaultValue={guide?.content ?? ""}
              tokens={tokens}
              invalid={Boolean(contentError)}
              describedBy={contentError ? `${fields.content.id}-error` : undefined}
            />
          </Suspense>
          {contentError ? (
            <p id={`${fields.content.id}-error`} className="mt-2 text-sm text-red-600" role="alert">
              {contentError}
            </p>
          ) : null}
        </section>
        <FormSection title="Settings">
          <TwoChoiceStatusSelect field={fields.status} current={guide?.status} noun="guide" />
          <CheckboxField {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} id={fields.featured.id} label="Featured" />
        </FormSection>
        <FormActions submitLabel={editing ? "Update Guide" : "Create Guide"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
