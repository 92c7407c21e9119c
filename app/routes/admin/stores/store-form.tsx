import { getFormProps } from "@conform-to/react";

import { ContentFormFrame } from "#app/components/admin/content-form-frame";
import { FormSection } from "#app/components/admin/form-section";
import { SluggedTitleFields } from "#app/components/admin/slugged-title-fields";
import { CheckboxField, SelectField, TextareaField, TextField } from "#app/components/forms/fields";
import { useContentForm } from "#app/components/forms/use-validated-form";
import { CLICK_ID_PLACEHOLDER, subIdSlotOf } from "#app/lib/sub-id";
import { storeApiTypes, storeSchema } from "#app/modules/stores/store.schema";
import { storeType } from "#app/modules/stores/store.type.server";

import { loadContentForm, saveContentForm } from "../content/content.server";
import type { Route } from "./+types/store-form";

export const loader = (args: Route.LoaderArgs) => loadContentForm(storeType, args);

export const action = (args: Route.ActionArgs) => saveContentForm(storeType, args);

/** What a click-out to this store's links carries, so the owner sees where earnings get their click. */
function clickIdHint(affiliateUrl: string | null | undefined): string {
  const slot = affiliateUrl ? subIdSlotOf(affiliateUrl) : null;
  const where = slot
    ? slot.param === CLICK_ID_PLACEHOLDER
      ? `This link's ${CLICK_ID_PLACEHOLDER} is replaced by the click's ID.`
      : `This is a ${slot.network} link: the click's ID goes in ${slot.param}.`
    : `Awin, CJ, Impact, Rakuten and Partnerize links get it in their sub-ID; any other link where it says ${CLICK_ID_PLACEHOLDER}.`;
  return `Each click out carries its ID so a network's report of a sale names the deal and placement that earned it. ${where}`;
}

export default function StoreForm({ loaderData: { row: store, frame }, actionData }: Route.ComponentProps) {
  const [form, fields] = useContentForm(
    storeSchema,
    actionData,
    store
      ? {
          name: store.name,
          slug: store.slug,
          logoUrl: store.logoUrl,
          seoTitle: store.seoTitle,
          seoDescription: store.seoDescription,
          affiliateUrl: store.affiliateUrl,
          apiType: store.apiType,
          apiConfig: Object.keys(store.apiConfig).length ? JSON.stringify(store.apiConfig, null, 2) : "",
          clickIdsOff: store.clickIdsOff,
        }
      : { apiType: "manual" },
  );
  // amazon_pa is set by the Amazon settings screen; keep it selectable only on the store that has it.
  const apiTypes = store?.apiType === "amazon_pa" ? [...storeApiTypes, "amazon_pa" as const] : storeApiTypes;

  return (
    <ContentFormFrame view={frame} formProps={getFormProps(form)}>
      <FormSection title="Store Information">
        <SluggedTitleFields source={fields.name} slug={fields.slug} sourceLabel="Name" creating={store === null} />
        <TextField field={fields.logoUrl} label="Logo URL" type="url" placeholder="https://…" wide />
        <TextField
          field={fields.affiliateUrl}
          label="Store affiliate URL"
          type="url"
          placeholder="https://…"
          hint="Where 'Visit store' on the store page goes, and its coupons that have no link of their own. Without it the store page has no 'Visit store' button: DealDash never makes up a store's address."
          wide
        />
        <CheckboxField
          field={fields.clickIdsOff}
          label="Leave click IDs out of this store's links"
          hint={clickIdHint(store?.affiliateUrl)}
          wide
        />
      </FormSection>
      <FormSection title="SEO Settings">
        <TextField field={fields.seoTitle} label="SEO title" wide />
        <TextareaField field={fields.seoDescription} label="SEO description" rows={3} wide />
      </FormSection>
      <FormSection title="API Configuration">
        <SelectField
          field={fields.apiType}
          label="API type"
          options={apiTypes.map((type) => ({ value: type, label: type }))}
        />
        <TextareaField
          field={fields.apiConfig}
          label="API configuration (JSON)"
          hint="Secret values show masked; leave them as they are to keep them."
          rows={6}
          placeholder="{}"
          className="md:col-span-2 [&_textarea]:font-mono"
        />
      </FormSection>
    </ContentFormFrame>
  );
}
