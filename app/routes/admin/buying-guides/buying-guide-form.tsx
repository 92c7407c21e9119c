import { getFormProps } from "@conform-to/react";
import { lazy, Suspense } from "react";
import type { AppLoadContext } from "react-router";

import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { FormSection } from "#app/components/admin/form-section";
import { ReferenceField } from "#app/components/admin/reference-field";
import { ScheduleFields } from "#app/components/admin/schedule-fields";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { TwoChoiceStatusSelect } from "#app/components/admin/status-select";
import { CheckboxField, TextareaField, TextField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { Label } from "#app/components/ui/label";
import { buyingGuideSchema } from "#app/modules/buying-guides/buying-guide.schema";
import { buyingGuideType } from "#app/modules/buying-guides/buying-guide.type.server";
import { embedKinds, tokenChips } from "#app/modules/catalogue/embeds.server";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/buying-guide-form";

// The editor is its own chunk: only this admin screen downloads Tiptap.
const RichTextEditor = lazy(() => import("#app/components/admin/rich-text-editor"));

export const loader = (args: Route.LoaderArgs) =>
  loadContentForm(buyingGuideType, args, {
    kinds: async () => embedKinds(),
    chips: (db: AppLoadContext["db"], row: Record<string, unknown> | null) =>
      tokenChips(db, typeof row?.content === "string" ? row.content : ""),
  });

export const action = (args: Route.ActionArgs) => saveContentForm(buyingGuideType, args);

export default function BuyingGuideForm({
  loaderData: { row: guide, frame, refs, kinds, chips },
  actionData,
}: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    buyingGuideSchema,
    actionData,
    guide
      ? { ...guide, readTime: guide.readTime?.toString() ?? "", tags: guide.tags.join(", ") }
      : { status: "draft", readTime: "5" },
  );
  const contentError = fields.content.errors?.[0];

  return (
    <ContentFormFrame view={frame} formProps={getFormProps(form)} width="wide">
      <FormSection title="Basic Information">
        <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={guide === null} />
        <TextareaField field={fields.excerpt} label="Excerpt" rows={3} wide />
        <TextField field={fields.coverImageUrl} label="Cover image URL" type="url" placeholder="https://…" wide />
        <ReferenceField field={fields.categoryId} to="category" label="Category" refs={refs} optional />
        <TextField field={fields.readTime} label="Read time (minutes)" type="number" min="1" step="1" />
        <TextField
          field={fields.tags}
          label="Tags"
          hint="Separate tags with commas."
          placeholder="headphones, audio, travel"
          wide
        />
      </FormSection>
      <section className="rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="section-content">
        <h3 id="section-content" className="mb-4 text-lg font-semibold text-gray-900">
          Content
        </h3>
        <Label id={`${fields.content.id}-label`} htmlFor={fields.content.id} className="mb-2 block">
          Guide content <span className="text-red-600">*</span>
        </Label>
        <Suspense
          fallback={
            <div className="min-h-[400px] rounded-lg border border-gray-300 bg-gray-50 p-4 text-gray-500">
              Loading editor…
            </div>
          }
        >
          <RichTextEditor
            id={fields.content.id}
            name={fields.content.name}
            defaultValue={guide?.content ?? ""}
            kinds={kinds}
            chips={chips}
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
        <ScheduleFields form={form} publishAt={fields.publishAt} unpublishAt={fields.unpublishAt} />
        <CheckboxField field={fields.featured} label="Featured" />
      </FormSection>
    </ContentFormFrame>
  );
}
