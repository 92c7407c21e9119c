import { getFormProps } from "@conform-to/react";
import { useState } from "react";

import { AmazonAsinField } from "#app/components/admin/amazon-asin-field";
import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { fillFromAmazon } from "#app/components/admin/fetch-amazon-product";
import { FormSection } from "#app/components/admin/form-section";
import { ListInput } from "#app/components/admin/list-input";
import { ReferenceField } from "#app/components/admin/reference-field";
import { ScheduleFields } from "#app/components/admin/schedule-fields";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { TwoChoiceStatusSelect } from "#app/components/admin/status-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { CheckboxField, moneyInput, SelectField, TextareaField, TextField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { currencySymbol } from "#app/lib/money";
import { isImageUrl } from "#app/lib/urls";
import { IMAGE_URL_MESSAGE } from "#app/lib/validation";
import { audiences, giftIdeaRequiredFields, giftIdeaSchema, occasions } from "#app/modules/gift-ideas/gift-idea.schema";
import { giftIdeaType } from "#app/modules/gift-ideas/gift-idea.type.server";
import { audienceLabels, occasionLabels } from "#app/modules/gift-ideas/gift-idea-labels";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/gift-idea-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(giftIdeaType, args);

export const action = (args: Route.ActionArgs) => saveContentForm(giftIdeaType, args);

const occasionOptions = occasions.map((value) => ({ value, label: occasionLabels[value] }));
const audienceOptions = audiences.map((value) => ({ value, label: audienceLabels[value] }));

export default function GiftIdeaForm({ loaderData: { row: giftIdea, frame, refs }, actionData }: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    giftIdeaSchema,
    actionData,
    giftIdea
      ? {
          ...giftIdea,
          price: giftIdea.price?.toString(),
          rating: giftIdea.rating?.toString(),
          totalReviews: String(giftIdea.totalReviews),
        }
      : { status: "draft" },
  );
  const formProps = getFormProps(form);
  const amazon = fields.isAmazonProduct.value === "on";
  const [extraImages, setExtraImages] = useState({ images: giftIdea?.additionalImages ?? [], version: 0 });

  function fetchDetails() {
    return fillFromAmazon(form, fields.amazonAsin, {
      failure: "Failed to fetch product from Amazon.",
      title: fields.title,
      summary: fields.description,
      fill(product, set) {
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
    <ContentFormFrame
      view={frame}
      formProps={{ ...formProps, onSubmit: withRequiredFieldsToast(formProps.onSubmit, giftIdeaRequiredFields) }}
    >
      <FormSection title="Basic Information">
        <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={giftIdea === null} />
        <TextareaField field={fields.description} label="Short description" rows={2} wide />
        <TextareaField field={fields.longDescription} label="Long description" rows={5} wide />
      </FormSection>
      <FormSection title="Product Source">
        <CheckboxField field={fields.isAmazonProduct} label="This is an Amazon product" wide />
        {amazon ? (
          <AmazonAsinField field={fields.amazonAsin} buttonLabel="Fetch Details" onFetch={() => void fetchDetails()} />
        ) : null}
        <TextField field={fields.productUrl} label="Product URL" type="url" placeholder="https://…" />
        <ReferenceField field={fields.storeId} to="store" label="Store" refs={refs} optional />
      </FormSection>
      <FormSection title="Images">
        <TextField field={fields.imageUrl} label="Main image URL" type="url" placeholder="https://…" wide />
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
        <TextField field={fields.price} label={`Price (${currencySymbol()})`} {...moneyInput} />
        <TextField field={fields.rating} label="Rating (0–5)" type="number" step="0.1" min="0" max="5" />
        <TextField field={fields.totalReviews} label="Total reviews" type="number" step="1" min="0" />
        <CheckboxField field={fields.primeEligible} label="Prime eligible" />
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
        <SelectField field={fields.occasion} label="Occasion" options={occasionOptions} placeholder="Any occasion" />
        <SelectField field={fields.audienceType} label="Audience" options={audienceOptions} placeholder="Anyone" />
        <CheckboxField field={fields.showInGiftGuide} label="Show in gift guide" />
      </FormSection>
      <FormSection title="Settings">
        <TwoChoiceStatusSelect field={fields.status} current={giftIdea?.status} noun="gift idea" />
        <ScheduleFields form={form} publishAt={fields.publishAt} unpublishAt={fields.unpublishAt} />
        <CheckboxField field={fields.featured} label="Featured" />
        <TextareaField field={fields.adminNotes} label="Admin notes" rows={3} wide />
      </FormSection>
    </ContentFormFrame>
  );
}
