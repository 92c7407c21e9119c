import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { FormActions } from "#app/components/admin/form-actions";
import { FormSection } from "#app/components/admin/form-section";
import { StatusSelect } from "#app/components/admin/status-select";
import { StoreSelect } from "#app/components/admin/store-select";
import { withRequiredFieldsToast } from "#app/components/admin/use-required-fields-toast";
import { CheckboxField } from "#app/components/ui/checkbox-field";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { useToast } from "#app/components/ui/toaster";
import { requireAdmin } from "#app/platform/auth.server";
import { db } from "#app/db/database.server";
import { toDateInput } from "#app/lib/dates";
import { couponRequiredFields, couponSchema } from "#app/modules/coupons/coupon.schema";
import { createCoupon, getCouponForAdmin, updateCoupon } from "#app/modules/coupons/coupons.server";
import { storeOptions } from "#app/modules/stores/stores.server";
import { handleSave, loadForEdit } from "../shared/resource-actions.server";
import type { Route } from "./+types/coupon-form";

const LIST = "/admin/coupons";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const coupon = await loadForEdit(params.id, getCouponForAdmin, { listPath: LIST, failedMessage: "Failed to fetch coupon details" });
  return { coupon, stores: await storeOptions(db()) };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleSave(request, params.id, {
    schema: couponSchema,
    create: createCoupon,
    update: updateCoupon,
    listPath: LIST,
    messages: { created: "Coupon created successfully", updated: "Coupon updated successfully", failed: "Failed to save coupon" },
  });
}

export default function CouponForm({ loaderData: { coupon, stores }, actionData }: Route.ComponentProps) {
  const editing = coupon !== null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: coupon
      ? {
          ...coupon,
          discountValue: String(coupon.discountValue),
          validFrom: toDateInput(coupon.validFrom),
          validUntil: toDateInput(coupon.validUntil),
        }
      : { status: "draft", discountType: "percentage", urlType: "automatic" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  const manualUrl = (fields.urlType.value ?? "automatic") === "manual";

  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title={editing ? "Edit Coupon" : "Add Coupon"} back={{ to: LIST, label: "Back to Coupons" }} />
      <Form method="post" {...formProps} onSubmit={withRequiredFieldsToast(formProps.onSubmit, couponRequiredFields)} className="space-y-6">
        <FormSection title="Basic Information">
          <Field id={fields.title.id} label="Title" errors={fields.title.errors}>
            <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} />
          </Field>
          <StoreSelect field={fields.storeId} stores={stores} />
          <Field id={fields.description.id} label="Description" errors={fields.description.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
          </Field>
          <Field id={fields.couponCode.id} label="Coupon code" errors={fields.couponCode.errors} hint="Leave empty for deals that need no code.">
            <Input {...getInputProps(fields.couponCode, { type: "text" })} key={fields.couponCode.key} className="font-mono uppercase" />
          </Field>
        </FormSection>
        <FormSection title="Discount Details">
          <Field id={fields.discountType.id} label="Discount type" errors={fields.discountType.errors}>
            <Select
              {...getSelectProps(fields.discountType)}
              key={fields.discountType.key}
              options={[
                { value: "percentage", label: "Percentage (%)" },
                { value: "fixed", label: "Fixed amount ($)" },
              ]}
            />
          </Field>
          <Field id={fields.discountValue.id} label="Discount value" errors={fields.discountValue.errors}>
            <Input {...getInputProps(fields.discountValue, { type: "number" })} key={fields.discountValue.key} step="0.01" min="0.01" />
          </Field>
          <Field id={fields.validFrom.id} label="Valid from" errors={fields.validFrom.errors}>
            <Input {...getInputProps(fields.validFrom, { type: "date" })} key={fields.validFrom.key} />
          </Field>
          <Field id={fields.validUntil.id} label="Valid until" errors={fields.validUntil.errors} hint="Empty means it never expires.">
            <Input {...getInputProps(fields.validUntil, { type: "date" })} key={fields.validUntil.key} />
          </Field>
          <Field id={fields.terms.id} label="Terms" errors={fields.terms.errors} className="md:col-span-2">
            <Textarea {...getTextareaProps(fields.terms)} key={fields.terms.key} rows={3} />
          </Field>
        </FormSection>
        <FormSection title="URL Configuration">
          <Field id={fields.urlType.id} label="URL type" errors={fields.urlType.errors}>
            <Select
              {...getSelectProps(fields.urlType)}
              key={fields.urlType.key}
              options={[
                { value: "automatic", label: "Automatic" },
                { value: "manual", label: "Manual" },
              ]}
            />
          </Field>
          {manualUrl ? (
            <Field id={fields.customUrl.id} label="Custom URL" errors={fields.customUrl.errors}>
              <Input {...getInputProps(fields.customUrl, { type: "url" })} key={fields.customUrl.key} placeholder="https://…" />
            </Field>
          ) : null}
          <Field id={fields.affiliateUrl.id} label="Affiliate URL" errors={fields.affiliateUrl.errors} className="md:col-span-2">
            <Input {...getInputProps(fields.affiliateUrl, { type: "url" })} key={fields.affiliateUrl.key} placeholder="https://…" />
          </Field>
        </FormSection>
        <FormSection title="Settings">
          <StatusSelect field={fields.status} />
          <CheckboxField {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} id={fields.featured.id} label="Featured" />
        </FormSection>
        <FormActions submitLabel={editing ? "Update Coupon" : "Create Coupon"} cancelTo={LIST} />
      </Form>
    </div>
  );
}
