import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";

import { CheckboxField, moneyInput, SelectField, TextField } from "#app/components/forms/fields";
import { useValidatedForm } from "#app/components/forms/use-validated-form";
import { Button } from "#app/components/ui/button";
import { amazonSortOrders } from "#app/modules/sourcing/adapters/amazon-search-settings";
import { type FeedField, feedFields } from "#app/modules/sourcing/adapters/feed-settings";
import {
  amazonSourceSchema,
  awinSourceSchema,
  type ConfigurableKind,
  feedSourceSchema,
  impactSourceSchema,
  scheduleLabels,
  sourceSchedules,
} from "#app/modules/sourcing/source.schema";

// The forms that add or change a source on Admin → Sourcing → Sources, one per kind: what every source has
// (a name, a schedule), then the kind's own settings.

/** A source as the page has it: its settings, and whether a token is stored (never the token). */
export interface SourceFormRow {
  id: string;
  name: string;
  everyMinutes: number;
  enabled: boolean;
  settings: Record<string, unknown>;
  hasToken: boolean;
  autoPublish: boolean;
  autoMinScore: number | null;
  autoDailyCap: number | null;
}
export type SourceFormProps = {
  source: SourceFormRow | null;
  lastAnswer?: { result: SubmissionResult<string[]> | null };
  busy: boolean;
};

const scheduleOptions = sourceSchedules.map((value) => ({ value, label: scheduleLabels[value] }));

/**
 * A source form's state: its id, the last answer's messages, the source's values or a new one's; and what its
 * frame takes besides the fields.
 */
function useSourceForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  { source, lastAnswer, busy }: SourceFormProps,
  kind: ConfigurableKind,
  fresh: Record<string, unknown>,
) {
  const [form, fields] = useValidatedForm(schema, {
    id: source ? `source-${source.id}` : `source-new-${kind}`,
    lastResult: lastAnswer?.result,
    defaultValue: source
      ? {
          name: source.name,
          everyMinutes: String(source.everyMinutes),
          enabled: source.enabled,
          settings: source.settings,
          autoPublish: source.autoPublish,
          autoMinScore: source.autoMinScore ?? undefined,
          autoDailyCap: source.autoDailyCap ?? undefined,
        }
      : fresh,
    shouldValidate: "onSubmit",
  });
  return [fields, { formProps: getFormProps(form), source, kind, busy }] as const;
}

/** The fields every source form has, as Conform gives them. */
type CommonFields = {
  name: FieldMetadata<string>;
  everyMinutes: FieldMetadata<string>;
  enabled: FieldMetadata<boolean | undefined>;
  autoPublish: FieldMetadata<boolean | undefined>;
  autoMinScore: FieldMetadata<number | undefined>;
  autoDailyCap: FieldMetadata<number | undefined>;
};

/** A source form: its name and schedule, the kind's own fields, publishing without review, and save. */
function SourceFormFrame({
  formProps,
  fields,
  source,
  kind,
  busy,
  addLabel,
  namePlaceholder,
  children,
  after,
}: {
  formProps: ReturnType<typeof getFormProps>;
  fields: CommonFields;
  source: SourceFormRow | null;
  kind: ConfigurableKind;
  busy: boolean;
  addLabel: string;
  namePlaceholder?: string;
  children: ReactNode;
  /** What follows the kind's fields (a feed's column mapping). */
  after?: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      {source ? <input type="hidden" name="id" value={source.id} /> : <input type="hidden" name="kind" value={kind} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" placeholder={namePlaceholder} />
        <SelectField field={fields.everyMinutes} label="Runs" options={scheduleOptions} />
        {children}
        <CheckboxField field={fields.enabled} label="Run on schedule" />
      </div>
      <AutoPublishFields fields={fields} />
      {after}
      <Button type="submit" disabled={busy}>
        {source ? "Save source" : addLabel}
      </Button>
    </Form>
  );
}

export function FeedSourceForm(props: SourceFormProps) {
  const [fields, frame] = useSourceForm(feedSourceSchema, props, "feed", {
    everyMinutes: "240",
    enabled: true,
    settings: { kind: "deal", format: "auto", delimiter: "comma" },
  });
  const settings = fields.settings.getFieldset();
  const mapping = settings.mapping.getFieldset();
  return (
    <SourceFormFrame
      {...frame}
      fields={fields}
      addLabel="Add feed"
      namePlaceholder="Shop One's offers"
      after={
        <>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-gray-800">
              Columns: the feed&apos;s column (or JSON key, dotted for nested ones) for each part of an offer
            </legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {(Object.keys(feedFields) as FeedField[]).map((field) => (
                <TextField key={field} field={mapping[field]} label={feedFields[field]} />
              ))}
            </div>
          </fieldset>
        </>
      }
    >
      <TextField field={settings.url} label="Feed address" type="url" placeholder="https://…/offers.csv" wide />
      <SelectField
        field={settings.kind}
        label="Offers are"
        options={[
          { value: "deal", label: "Deals (products with a price)" },
          { value: "coupon", label: "Coupons and promotions" },
        ]}
      />
      <SelectField
        field={settings.format}
        label="Format"
        options={[
          { value: "auto", label: "Tell from the feed" },
          { value: "csv", label: "CSV" },
          { value: "json", label: "JSON" },
        ]}
      />
      <SelectField
        field={settings.delimiter}
        label="CSV columns separated by"
        options={[
          { value: "comma", label: "Commas" },
          { value: "semicolon", label: "Semicolons" },
          { value: "tab", label: "Tabs" },
          { value: "pipe", label: "Bars (|)" },
        ]}
      />
      <TextField
        field={settings.itemsPath}
        label="JSON: where the list of offers is"
        placeholder="data.offers"
        hint="Empty when the document is the list."
      />
      <TextField
        field={settings.store}
        label="Store of every offer"
        hint="For a feed of one store's offers; else map a column to Store."
      />
    </SourceFormFrame>
  );
}

/** Publishing without review: off unless the owner turns it on, then only above a score, so many a day. */
function AutoPublishFields({
  fields,
}: {
  fields: {
    autoPublish: FieldMetadata<boolean | undefined>;
    autoMinScore: FieldMetadata<number | undefined>;
    autoDailyCap: FieldMetadata<number | undefined>;
  };
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-gray-200 p-4 sm:grid-cols-3">
      <legend className="px-1 text-sm font-medium text-gray-800">Publishing without review</legend>
      <CheckboxField field={fields.autoPublish} label="Publish its best offers automatically" />
      <TextField
        field={fields.autoMinScore}
        label="Least score"
        type="number"
        min="1"
        hint="Only offers scoring this or more."
      />
      <TextField field={fields.autoDailyCap} label="At most a day" type="number" min="1" />
    </fieldset>
  );
}

/** A network's token: typed once, stored encrypted, never shown again (empty keeps the stored one). */
export function TokenField({
  field,
  label,
  stored,
  whereFrom,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  stored: boolean | undefined;
  whereFrom: string;
}) {
  return (
    <TextField
      field={field}
      label={label}
      type="password"
      autoComplete="off"
      hint={
        stored
          ? "A token is stored, encrypted. Leave this empty to keep it."
          : `${whereFrom} Stored encrypted, never shown again.`
      }
    />
  );
}

export function AwinSourceForm(props: SourceFormProps) {
  const [fields, frame] = useSourceForm(awinSourceSchema, props, "awin", {
    name: "Awin",
    everyMinutes: "60",
    enabled: true,
    settings: { membership: "joined", type: "all" },
  });
  const settings = fields.settings.getFieldset();
  return (
    <SourceFormFrame {...frame} fields={fields} addLabel="Add Awin">
      <TextField field={settings.publisherId} label="Publisher id" inputMode="numeric" />
      <TokenField
        field={fields.token}
        label="API token"
        stored={props.source?.hasToken}
        whereFrom="From Awin's API Credentials page."
      />
      <SelectField
        field={settings.membership}
        label="Advertisers"
        options={[
          { value: "joined", label: "Those you have joined" },
          { value: "all", label: "All, joined or not" },
        ]}
      />
      <SelectField
        field={settings.type}
        label="Offers"
        options={[
          { value: "all", label: "Vouchers and promotions" },
          { value: "voucher", label: "Vouchers (with a code)" },
          { value: "promotion", label: "Promotions (no code)" },
        ]}
      />
      <TextField field={settings.regionCodes} label="Regions" placeholder="GB, IE" hint="Empty for every region." />
    </SourceFormFrame>
  );
}

export function ImpactSourceForm(props: SourceFormProps) {
  const [fields, frame] = useSourceForm(impactSourceSchema, props, "impact", {
    name: "Impact",
    everyMinutes: "60",
    enabled: true,
    settings: {},
  });
  const settings = fields.settings.getFieldset();
  return (
    <SourceFormFrame {...frame} fields={fields} addLabel="Add Impact">
      <TextField field={settings.accountSid} label="Account SID" autoComplete="off" />
      <TokenField
        field={fields.token}
        label="Auth token"
        stored={props.source?.hasToken}
        whereFrom="From Impact's Settings → API page."
      />
      <TextField
        field={settings.campaignId}
        label="Program id"
        inputMode="numeric"
        hint="One brand's program only; empty for all of them."
      />
    </SourceFormFrame>
  );
}

export function AmazonSourceForm(props: SourceFormProps) {
  const [fields, frame] = useSourceForm(amazonSourceSchema, props, "amazon", {
    everyMinutes: "240",
    enabled: true,
    settings: { sortBy: "Featured", pages: 3 },
  });
  const settings = fields.settings.getFieldset();
  return (
    <SourceFormFrame {...frame} fields={fields} addLabel="Add saved search" namePlaceholder="Kitchen deals">
      <TextField field={settings.keywords} label="Keywords" placeholder="air fryer" />
      <TextField
        field={settings.browseNodeId}
        label="Browse node id"
        inputMode="numeric"
        hint="A category's number, from its address on Amazon. Keywords, a node or both."
      />
      <TextField
        field={settings.searchIndex}
        label="Search index"
        placeholder="All"
        hint="Amazon's name for a department (Electronics, HomeAndKitchen); empty for all."
      />
      <TextField
        field={settings.minSavingPercent}
        label="Least saving (%)"
        type="number"
        min="1"
        max="99"
        placeholder="30"
      />
      <TextField field={settings.minPrice} label="Lowest price" {...moneyInput} />
      <TextField field={settings.maxPrice} label="Highest price" {...moneyInput} />
      <SelectField
        field={settings.sortBy}
        label="Order"
        options={Object.entries(amazonSortOrders).map(([value, label]) => ({ value, label }))}
      />
      <TextField
        field={settings.pages}
        label="Pages of ten"
        type="number"
        min="1"
        max="10"
        hint="Each page is one request of the day's budget; Amazon serves ten at most."
      />
      <CheckboxField field={settings.prime} label="Prime delivery only" />
      <CheckboxField field={settings.freeShipping} label="Free shipping only" />
    </SourceFormFrame>
  );
}
