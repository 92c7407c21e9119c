import { getFormProps } from "@conform-to/react";

import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { FormSection } from "#app/components/admin/form-section";
import { ReferenceField } from "#app/components/admin/reference-field";
import { ScheduleFields } from "#app/components/admin/schedule-fields";
import { StatusSelect } from "#app/components/admin/status-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { CheckboxField, moneyInput, SelectField, TextareaField, TextField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { toDateInput } from "#app/lib/dates";
import { currencySymbol } from "#app/lib/money";
import { couponRequiredFields, couponSchema } from "#app/modules/coupons/coupon.schema";
import { couponType } from "#app/modules/coupons/coupon.type.server";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/coupon-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(couponType, args);

export const action = (args: Route.ActionArgs) => saveContentForm(couponType, args);

// A function: the currency's symbol is the site's at render time.
const discountTypes = () => [
  { value: "percentage", label: "Percentage (%)" },
  { value: "fixed", label: `Fixed amount (${currencySymbol()})` },
];
const urlTypes = [
  { value: "automatic", label: "Automatic" },
  { value: "manual", label: "Manual" },
];

export default function CouponForm({
  loaderData: { row: coupon, candidate, frame, refs },
  actionData,
}: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    couponSchema,
    actionData,
    coupon
      ? {
          ...coupon,
          discountValue: String(coupon.discountValue),
          validFrom: toDateInput(coupon.validFrom),
          validUntil: toDateInput(coupon.validUntil),
        }
      : (candidate?.values ?? { status: "draft", discountType: "percentage", urlType: "automatic" }),
  );
  const formProps = getFormProps(form);
  const manualUrl = (fields.urlType.value ?? "automatic") === "manual";

  return (
    <ContentFormFrame
      view={frame}
      candidateId={candidate?.id}
      formProps={{ ...formProps, onSubmit: withRequiredFieldsToast(formProps.onSubmit, couponRequiredFields) }}
    >
      <FormSection title="Basic Information">
        <TextField field={fields.title} label="Title" />
        <ReferenceField field={fields.storeId} to="store" label="Store" refs={refs} />
        <TextareaField field={fields.description} label="Description" rows={3} wide />
        <TextField
          field={fields.couponCode}
          label="Coupon code"
          hint="Leave empty for deals that need no code."
          className="[&_input]:font-mono [&_input]:uppercase"
        />
      </FormSection>
      <FormSection title="Discount Details">
        <SelectField field={fields.discountType} label="Discount type" options={discountTypes()} />
        <TextField field={fields.discountValue} label="Discount value" {...moneyInput} />
        <TextField field={fields.validFrom} label="Valid from" type="date" />
        <TextField field={fields.validUntil} label="Valid until" type="date" hint="Empty means it never expires." />
        <TextareaField field={fields.terms} label="Terms" rows={3} wide />
      </FormSection>
      <FormSection title="URL Configuration">
        <SelectField field={fields.urlType} label="URL type" options={urlTypes} />
        {manualUrl ? (
          <TextField field={fields.customUrl} label="Custom URL" type="url" placeholder="https://…" />
        ) : null}
        <TextField field={fields.affiliateUrl} label="Affiliate URL" type="url" placeholder="https://…" wide />
      </FormSection>
      <FormSection title="Settings">
        <StatusSelect field={fields.status} />
        <ScheduleFields form={form} publishAt={fields.publishAt} unpublishAt={fields.unpublishAt} />
        <CheckboxField field={fields.featured} label="Featured" />
      </FormSection>
    </ContentFormFrame>
  );
}
