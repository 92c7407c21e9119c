import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { fillFromAmazon } from "#app/components/admin/fetch-amazon-product";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { ListInput } from "#app/components/admin/list-input";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { TwoChoiceStatusSelect } from "#app/components/admin/status-select";
import { StoreSelect } from "#app/components/admin/store-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { Button } from "#app/components/ui/button";
import { CheckboxField } from "#app/components/ui/checkbox-field";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { IMAGE_URL_MESSAGE } from "#app/lib/validation";
import { isImageUrl } from "#app/lib/urls";
import { audienceLabels, audiences, giftIdeaRequiredFields, giftIdeaSchema, occasionLabels, occasions } from "#app/modules/gift-ideas/gift-idea.schema";
import { createGiftIdea, getGiftIdeaForAdmin, updateGiftIdea } from "#app/modules/gift-ideas/gift-ideas.server";
import { storeOptions } from "#app/modules/stores/stores.server";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/gift-idea-form";

const LIST = "/admin/gift-ideas";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const giftIdea = await loadForEdit(params.id, getGiftIdeaForAdmin, { listPath: LIST, failedMessage: "Failed to fetch gift idea details" });
  return { giftIdea, stores: await storeOptions(db()) };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: giftIdeaSchema,
    create: createGiftIdea,
    update: updateGiftIdea,
    listPath: LIST,
    messages: { created: "Gift idea created successfully", updated: "Gift idea updated successfully", failed: "Failed to save gift idea" },
  });
}

export default function GiftIdeaForm({ loaderData: { giftIdea, stores }, actionData }: Route.ComponentProps) {
  const editing = giftIdea !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: giftIdea
      ? {
          ...giftIdea,
          price: giftIdea.price?.toString(),
          rating: giftIdea.rating?.toString(),
          totalReviews: String(giftIdea.totalReviews),
        }
      : { status: "draft" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giftIdeaSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  const amazon = fields.isAmazonProduct.value === "on";
  const [extraImages, setExtraImages] = useState({ images: giftIdea?.additionalImages ?? [], version: 0 });

  function fetchDetails() {
    return fillFromAmazon({
      asinInputId: fields.amazonAsin.id,
      update: (name, value) => form.update({ name, value }),
      failure: "Failed to fetch product from Amazon.",
      fill(product, set) {
        set(fields.title.name, product.title);
        set(fields.description.name, product.description ? product.description.slice(0, 480) : product.title);
        set(fields.imageUrl.name, product.images[0]);
        set(fields.price.name, product.currentPrice);
        set(fields.rating.name, product.starRating);
        set(fields.totalReviews.name, product.totalReviews);
        set(fields.productUrl.name, product.affiliateUrl);
        if (product.primeEligible) set(fields.primeEligible.name, "on");
        // The first image is the main one; the rest become the additional images.
        setExtraImages({ images: product.images.slice(1), version: extraImages.version + 1 });
        return "Product details fetched from Amazon";
      },
    });
  }


  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title={editing ? "Edit Gift Idea" : "Add Gift Idea"} back={{ to: LIST, label: "Back to Gift Ideas" }} />
      <Form method="post" {...formProps} onSubmit={withRequiredFieldsToast(formProps.onSubmit, giftIdeaRequiredFields)} className="space-y-6">
        <FormSection title="Basic Information">
          <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={!editing} />
          <Field id={fields.description.id} label="Short description" errors={fields.description.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} />
          </Field>
          <Field id={fields.longDescription.id} label="Long description" errors={fields.longDescription.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.longDescription)} key={fields.longDescription.key} rows={5} />
          </Field>
        </FormSection>
        <FormSection title="Product Source">
          <div className="md:col-span-2">
            <CheckboxField
              {...getInputProps(fields.isAmazonProduct, { type: "checkbox" })}
              key={fields.isAmazonProduct.key}
              id={fields.isAmazonProduct.id}
              label="This is an Amazon product"
            />
          </div>
          {amazon ? (
            <Field id={fields.amazonAsin.id} label="Amazon ASIN" errors={fields.amazonAsin.errors} className="md:col-span-2">
              <div className="flex gap-2">
                <Input {...getInputProps(fields.amazonAsin, { type: "text" })} key={fields.amazonAsin.key} placeholder="B0XXXXXXXX" />
                <Button type="button" variant="outline" onClick={() => void fetchDetails()}>
                  <Download className="h-4 w-4" aria-hidden /> Fetch Details
                </Button>
              </div>
            </Field>
          ) : null}
          <Field id={fields.productUrl.id} label="Product URL" errors={fields.productUrl.errors}>
            <Input {...getInputProps(fields.productUrl, { type: "url" })} key={fields.productUrl.key} placeholder="https://…" />
          </Field>
          <StoreSelect field={fields.storeId} stores={stores} placeholder="No store" />
        </FormSection>
        <FormSection title="Images">
          <Field id={fields.imageUrl.id} label="Main image URL" errors={fields.imageUrl.errors} className="md:col-span-2">
            <Input {...getInputProps(fields.imageUrl, { type: "url" })} key={fields.imageUrl.key} placeholder="https://…" />
          </Field>
          <ListInput
            key={`images-${extraImages.version}`}
            id={`${fields.additionalImages.id}-new`}
            name={fields.additionalImages.name}
            label="Additional images"
            initial={extraImages.images}
            placeholder="https://…"
            addLabel="Add Image"
            errors={fields.additionalImages.errors}
            check={(value) => (isImageUrl(value) ? null : IMAGE_URL_MESSAGE)}
          />
        </FormSection>
        <FormSection title="Pricing & Reviews">
          <Field id={fields.price.id} label="Price ($)" errors={fields.price.errors}>
            <Input {...getInputProps(fields.price, { type: "number" })} key={fields.price.key} step="0.01" min="0.01" />
          </Field>
          <Field id={fields.rating.id} label="Rating (0–5)" errors={fields.rating.errors}>
            <Input {...getInputProps(fields.rating, { type: "number" })} key={fields.rating.key} step="0.1" min="0" max="5" />
          </Field>
          <Field id={fields.totalReviews.id} label="Total reviews" errors={fields.totalReviews.errors}>
            <Input {...getInputProps(fields.totalReviews, { type: "number" })} key={fields.totalReviews.key} step="1" min="0" />
          </Field>
          <CheckboxField
            {...getInputProps(fields.primeEligible, { type: "checkbox" })}
            key={fields.primeEligible.key}
            id={fields.primeEligible.id}
            label="Prime eligible"
          />
        </FormSection>
        <FormSection title="Categorization">
          <ListInput
            id={`${fields.tags.id}-new`}
            name={fields.tags.name}
            label="Tags"
            initial={giftIdea?.tags ?? []}
            placeholder="Type a tag and press Enter"
            addLabel="Add Tag"
            errors={fields.tags.errors}
          />
          <Field id={fields.occasion.id} label="Occasion" errors={fields.occasion.errors}>
            <Select
              {...getSelectProps(fields.occasion)}
              key={fields.occasion.key}
              options={occasions.map((value) => ({ value, label: occasionLabels[value] }))}
              placeholder="Any occasion"
            />
          </Field>
          <Field id={fields.audienceType.id} label="Audience" errors={fields.audienceType.errors}>
            <Select
              {...getSelectProps(fields.audienceType)}
              key={fields.audienceType.key}
              options={audiences.map((value) => ({ value, label: audienceLabels[value] }))}
              placeholder="Anyone"
            />
          </Field>
          <CheckboxField
            {...getInputProps(fields.showInGiftGuide, { type: "checkbox" })}
            key={fields.showInGiftGuide.key}
            id={fields.showInGiftGuide.id}
            label="Show in gift guide"
          />
        </FormSection>
        <FormSection title="Settings">
          <TwoChoiceStatusSelect field={fields.status} current={giftIdea?.status} noun="gift idea" />
          <CheckboxField {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} id={fields.featured.id} label="Featured" />
          <Field id={fields.adminNotes.id} label="Admin notes" errors={fields.adminNotes.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.adminNotes)} key={fields.adminNotes.key} rows={3} />
          </Field>
        </FormSection>
        <FormActions submitLabel={editing ? "Update Gift Idea" : "Create Gift Idea"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
