import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Download } from "lucide-react";

import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";

/** The ASIN field with the button that fills the form from Amazon. */
export function AmazonAsinField({
  field,
  buttonLabel,
  onFetch,
}: {
  field: FieldMetadata<string | undefined>;
  buttonLabel: string;
  onFetch: () => void;
}) {
  return (
    <Field id={field.id} label="Amazon ASIN" errors={field.errors} className="md:col-span-2">
      <div className="flex gap-2">
        <Input {...getInputProps(field, { type: "text" })} key={field.key} placeholder="B0XXXXXXXX" />
        <Button type="button" variant="outline" onClick={onFetch}>
          <Download className="h-4 w-4" aria-hidden /> {buttonLabel}
        </Button>
      </div>
    </Field>
  );
}
