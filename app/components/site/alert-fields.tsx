import { Field } from "#app/components/ui/field";
import { PlainInputField } from "#app/components/ui/plain-fields";
import { Select } from "#app/components/ui/select";
import { sentFields } from "#app/lib/form-data";
import { currencySymbol } from "#app/lib/money";

export type AlertFieldErrors = Partial<
  Record<"email" | "keywords" | "store" | "category" | "maxPrice" | "minDiscount", string[]>
>;

/** The fields' values: stored ones, or what a visitor sent (as typed) when it came back with a message. */
export interface AlertFieldValues {
  keywords: string;
  store: string | null;
  category: string | null;
  maxPrice: number | string | null;
  minDiscount: number | string | null;
  frequency: string;
}

const ALERT_FIELDS = ["keywords", "store", "category", "maxPrice", "minDiscount", "frequency"] as const;

/** What a posted alert form held, to show again beside its messages. */
export function sentAlertValues(form: FormData): AlertFieldValues {
  const sent = sentFields(form, ALERT_FIELDS);
  return { ...sent, store: sent.store || null, category: sent.category || null };
}

type Option = { slug: string; name: string };

/** What a deal alert asks for: the fields of the new-alert form and of an alert's manage page. */
export function AlertFields({
  values,
  errors,
  stores,
  categories,
}: {
  values: AlertFieldValues;
  errors: AlertFieldErrors;
  stores: Option[];
  categories: Option[];
}) {
  return (
    <>
      <PlainInputField
        id="alert-keywords"
        label="Keywords"
        errors={errors.keywords}
        hint="For example: sony headphones, wh1000xm5, air fryer"
        name="keywords"
        defaultValue={values.keywords}
        maxLength={100}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="alert-store" label="Store" errors={errors.store}>
          <Select
            id="alert-store"
            name="store"
            defaultValue={values.store ?? ""}
            options={[{ value: "", label: "Any store" }, ...stores.map((s) => ({ value: s.slug, label: s.name }))]}
          />
        </Field>
        <Field id="alert-category" label="Category" errors={errors.category}>
          <Select
            id="alert-category"
            name="category"
            defaultValue={values.category ?? ""}
            options={[
              { value: "", label: "Any category" },
              ...categories.map((c) => ({ value: c.slug, label: c.name })),
            ]}
          />
        </Field>
        <PlainInputField
          id="alert-max-price"
          label={`Highest price (${currencySymbol()})`}
          errors={errors.maxPrice}
          name="maxPrice"
          inputMode="decimal"
          defaultValue={values.maxPrice ?? ""}
        />
        <PlainInputField
          id="alert-min-discount"
          label="Lowest discount (%)"
          errors={errors.minDiscount}
          name="minDiscount"
          inputMode="numeric"
          defaultValue={values.minDiscount ?? ""}
        />
      </div>
      <Field id="alert-frequency" label="How often">
        <Select
          id="alert-frequency"
          name="frequency"
          defaultValue={values.frequency}
          options={[
            { value: "instant", label: "As soon as a deal is published" },
            { value: "daily", label: "One email a day" },
          ]}
        />
      </Field>
    </>
  );
}
