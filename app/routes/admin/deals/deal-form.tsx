import { getFormProps } from "@conform-to/react";
import { useState } from "react";

import { AmazonAsinField } from "#app/components/admin/amazon-asin-field";
import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { fillFromAmazon } from "#app/components/admin/fetch-amazon-product";
import { FormSection } from "#app/components/admin/form-section";
import { ReferenceField } from "#app/components/admin/reference-field";
import { ScheduleFields } from "#app/components/admin/schedule-fields";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { StatusSelect } from "#app/components/admin/status-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { CheckboxField, moneyInput, SelectField, TextareaField, TextField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { toDateInput } from "#app/lib/dates";
import { currencySymbol } from "#app/lib/money";
import { referencePriceKinds, referencePriceLabels } from "#app/lib/reference-price";
import { dealRequiredFields, dealSchema } from "#app/modules/deals/deal.schema";
import { dealType } from "#app/modules/deals/deal.type.server";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/deal-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(dealType, args);

export const action = (args: Route.ActionArgs) => saveContentForm(dealType, args);

export default function DealForm({
  loaderData: { row: deal, candidate, frame, refs },
  actionData,
}: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    dealSchema,
    actionData,
    deal
      ? {
          ...deal,
          expiresAt: toDateInput(deal.expiresAt),
          currentPrice: String(deal.currentPrice),
          originalPrice: deal.originalPrice?.toString(),
          rating: deal.rating?.toString(),
          reviewCount: deal.reviewCount?.toString(),
        }
      : (candidate?.values ?? { status: "draft", trackClicks: true }),
  );
  const formProps = getFormProps(form);
  // The ASIN and its fetch button belong to the store named 'amazon'.
  const [storeName, setStoreName] = useState(refs.storeId?.label ?? "");
  const amazonStore = storeName.toLowerCase() === "amazon";

  function fetchFromAmazon() {
    return fillFromAmazon(form, fields.amazonAsin, {
      failure: "Failed to fetch product from Amazon. Please check your API settings and ASIN.",
      title: fields.title,
      summary: fields.shortDescription,
      fill(product, set) {
        set(fields.longDescription.name, product.description);
        set(fields.imageUrl.name, product.imageUrl);
        set(fields.currentPrice.name, product.currentPrice);
        set(fields.originalPrice.name, product.originalPrice);
        set(fields.referencePriceKind.name, product.referencePriceKind);
        set(fields.affiliateUrl.name, product.affiliateUrl);
        set(fields.rating.name, product.starRating);
        set(fields.reviewCount.name, product.totalReviews);
        const notes = [
          product.availability && `Availability: ${product.availability}`,
          product.deliveryInfo && `Delivery: ${product.deliveryInfo}`,
          product.primeEligible ? "Prime eligible" : null,
          product.starRating !== null ? `Rating: ${product.starRating}/5 (${product.totalReviews ?? 0} reviews)` : null,
        ].filter(Boolean);
        set(fields.notes.name, notes.join("\n"));
        return product.starRating !== null
          ? `Product fetched from Amazon PA API. Rating: ${product.starRating}/5 (${product.totalReviews ?? 0} reviews)`
          : "Product details fetched from Amazon";
      },
    });
  }

  return (
    <ContentFormFrame
      view={frame}
      candidateId={candidate?.id}
      formProps={{ ...formProps, onSubmit: withRequiredFieldsToast(formProps.onSubmit, dealRequiredFields) }}
    >
      <FormSection title="Store & Product Information">
        <ReferenceField
          field={fields.storeId}
          to="store"
          label="Store"
          refs={refs}
          onSelect={(store) => setStoreName(store?.label ?? "")}
        />
        <ReferenceField field={fields.categoryId} to="category" label="Category" refs={refs} optional />
        {amazonStore ? (
          <AmazonAsinField
            field={fields.amazonAsin}
            buttonLabel="Fetch from Amazon"
            onFetch={() => void fetchFromAmazon()}
          />
        ) : null}
      </FormSection>
      <FormSection title="Product Details">
        <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={deal === null} />
        <TextareaField field={fields.shortDescription} label="Short description" rows={2} wide />
        <TextareaField field={fields.longDescription} label="Long description" rows={5} wide />
        <TextField field={fields.imageUrl} label="Image URL" type="url" placeholder="https://…" />
        <TextField field={fields.affiliateUrl} label="Affiliate URL" type="url" placeholder="https://…" />
      </FormSection>
      <FormSection title="Pricing Information">
        <TextField field={fields.currentPrice} label={`Current price (${currencySymbol()})`} {...moneyInput} />
        <TextField
          field={fields.originalPrice}
          label={`Original price (${currencySymbol()})`}
          {...moneyInput}
          hint="Optional: shows the saving and discount."
        />
        <SelectField
          field={fields.referencePriceKind}
          label="Reference price kind"
          options={referencePriceKinds.map((kind) => ({ value: kind, label: referencePriceLabels[kind] }))}
        />
        <TextField field={fields.rating} label="Rating (0–5)" type="number" step="0.1" min="0" max="5" />
        <TextField field={fields.reviewCount} label="Review count" type="number" step="1" min="0" />
        <TextField
          field={fields.expiresAt}
          label="Deal ends on"
          type="date"
          hint="Optional: the last day of the deal."
        />
      </FormSection>
      <FormSection title="Settings">
        <StatusSelect field={fields.status} />
        <ScheduleFields form={form} publishAt={fields.publishAt} unpublishAt={fields.unpublishAt} />
        <div className="flex flex-col gap-3">
          <CheckboxField field={fields.featured} label="Featured" />
          <CheckboxField field={fields.isHot} label="Hot deal" />
          <CheckboxField field={fields.trackClicks} label="Track clicks" />
        </div>
        <TextareaField field={fields.notes} label="Notes (admin only)" rows={3} wide />
      </FormSection>
    </ContentFormFrame>
  );
}
