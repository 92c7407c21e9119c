import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { fillFromAmazon } from "#app/components/admin/fetch-amazon-product";
import { CategorySelect } from "#app/components/admin/category-select";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { StatusSelect } from "#app/components/admin/status-select";
import { StoreSelect } from "#app/components/admin/store-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { Button } from "#app/components/ui/button";
import { CheckboxField } from "#app/components/ui/checkbox-field";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { toDateInput } from "#app/lib/dates";
import { categoryOptions } from "#app/modules/categories/categories.server";
import { dealRequiredFields, dealSchema } from "#app/modules/deals/deal.schema";
import { createDeal, getDealForAdmin, updateDeal } from "#app/modules/deals/deals.server";
import { storeOptions } from "#app/modules/stores/stores.server";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/deal-form";

const LIST = "/admin/deals";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const deal = await loadForEdit(params.id, getDealForAdmin, { listPath: LIST, failedMessage: "Failed to fetch deal details" });
  const [stores, categories] = await Promise.all([storeOptions(db()), categoryOptions(db())]);
  return { deal, stores, categories };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: dealSchema,
    create: createDeal,
    update: updateDeal,
    listPath: LIST,
    messages: { created: "Deal created successfully", updated: "Deal updated successfully", failed: "Failed to save deal" },
  });
}

export default function DealForm({ loaderData: { deal, stores, categories }, actionData }: Route.ComponentProps) {
  const editing = deal !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: deal
      ? {
          ...deal,
          expiresAt: toDateInput(deal.expiresAt),
          currentPrice: String(deal.currentPrice),
          originalPrice: deal.originalPrice?.toString(),
          rating: deal.rating?.toString(),
          reviewCount: deal.reviewCount?.toString(),
        }
      : { status: "draft", trackClicks: true },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dealSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  // The ASIN and its fetch button belong to the store named 'amazon' (spec §2).
  const selectedStore = stores.find((store) => store.id === fields.storeId.value);
  const amazonStore = selectedStore?.name.toLowerCase() === "amazon";

  function fetchFromAmazon() {
    return fillFromAmazon({
      asinInputId: fields.amazonAsin.id,
      update: (name, value) => form.update({ name, value }),
      failure: "Failed to fetch product from Amazon. Please check your API settings and ASIN.",
      fill(product, set) {
        set(fields.title.name, product.title);
        set(fields.shortDescription.name, product.description ? product.description.slice(0, 480) : product.title);
        set(fields.longDescription.name, product.description);
        set(fields.imageUrl.name, product.imageUrl);
        set(fields.currentPrice.name, product.currentPrice);
        set(fields.originalPrice.name, product.originalPrice);
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
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title={editing ? "Edit Deal" : "Add Deal"} back={{ to: LIST, label: "Back to Deals" }} />
      <Form method="post" {...formProps} onSubmit={withRequiredFieldsToast(formProps.onSubmit, dealRequiredFields)} className="space-y-6">
        <FormSection title="Store & Product Information">
          <StoreSelect field={fields.storeId} stores={stores} />
          <CategorySelect field={fields.categoryId} categories={categories} />
          {amazonStore ? (
            <Field id={fields.amazonAsin.id} label="Amazon ASIN" errors={fields.amazonAsin.errors} className="md:col-span-2">
              <div className="flex gap-2">
                <Input {...getInputProps(fields.amazonAsin, { type: "text" })} key={fields.amazonAsin.key} placeholder="B0XXXXXXXX" />
                <Button type="button" variant="outline" onClick={() => void fetchFromAmazon()}>
                  <Download className="h-4 w-4" aria-hidden /> Fetch from Amazon
                </Button>
              </div>
            </Field>
          ) : null}
        </FormSection>
        <FormSection title="Product Details">
          <SluggedTitleFields source={fields.title} slug={fields.slug} sourceLabel="Title" creating={!editing} />
          <Field id={fields.shortDescription.id} label="Short description" errors={fields.shortDescription.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.shortDescription)} key={fields.shortDescription.key} rows={2} />
          </Field>
          <Field id={fields.longDescription.id} label="Long description" errors={fields.longDescription.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.longDescription)} key={fields.longDescription.key} rows={5} />
          </Field>
          <Field id={fields.imageUrl.id} label="Image URL" errors={fields.imageUrl.errors}>
            <Input {...getInputProps(fields.imageUrl, { type: "url" })} key={fields.imageUrl.key} placeholder="https://…" />
          </Field>
          <Field id={fields.affiliateUrl.id} label="Affiliate URL" errors={fields.affiliateUrl.errors}>
            <Input {...getInputProps(fields.affiliateUrl, { type: "url" })} key={fields.affiliateUrl.key} placeholder="https://…" />
          </Field>
        </FormSection>
        <FormSection title="Pricing Information">
          <Field id={fields.currentPrice.id} label="Current price ($)" errors={fields.currentPrice.errors}>
            <Input {...getInputProps(fields.currentPrice, { type: "number" })} key={fields.currentPrice.key} step="0.01" min="0.01" />
          </Field>
          <Field id={fields.originalPrice.id} label="Original price ($)" errors={fields.originalPrice.errors} hint="Optional: shows the saving and discount.">
            <Input {...getInputProps(fields.originalPrice, { type: "number" })} key={fields.originalPrice.key} step="0.01" min="0.01" />
          </Field>
          <Field id={fields.rating.id} label="Rating (0–5)" errors={fields.rating.errors}>
            <Input {...getInputProps(fields.rating, { type: "number" })} key={fields.rating.key} step="0.1" min="0" max="5" />
          </Field>
          <Field id={fields.reviewCount.id} label="Review count" errors={fields.reviewCount.errors}>
            <Input {...getInputProps(fields.reviewCount, { type: "number" })} key={fields.reviewCount.key} step="1" min="0" />
          </Field>
          <Field id={fields.expiresAt.id} label="Deal ends on" errors={fields.expiresAt.errors} hint="Optional: the last day of the deal.">
            <Input {...getInputProps(fields.expiresAt, { type: "date" })} key={fields.expiresAt.key} />
          </Field>
        </FormSection>
        <FormSection title="Settings">
          <StatusSelect field={fields.status} />
          <div className="flex flex-col gap-3">
            <CheckboxField {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} id={fields.featured.id} label="Featured" />
            <CheckboxField {...getInputProps(fields.isHot, { type: "checkbox" })} key={fields.isHot.key} id={fields.isHot.id} label="Hot deal" />
            <CheckboxField
              {...getInputProps(fields.trackClicks, { type: "checkbox" })}
              key={fields.trackClicks.key}
              id={fields.trackClicks.id}
              label="Track clicks"
            />
          </div>
          <Field id={fields.notes.id} label="Notes (admin only)" errors={fields.notes.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} rows={3} />
          </Field>
        </FormSection>
        <FormActions submitLabel={editing ? "Update Deal" : "Create Deal"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
