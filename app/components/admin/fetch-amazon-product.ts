import { showToast } from "#app/components/ui/toaster";
import { errorToast, successToast } from "#app/lib/toast";
import type { AmazonProduct } from "#app/modules/amazon/amazon-product";

/** Asks our server for an Amazon product; throws an Error carrying the server's explanation. */
async function fetchAmazonProduct(asin: string): Promise<AmazonProduct> {
  const response = await fetch("/api/amazon-product", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ asin }),
  });
  const body = (await response.json().catch(() => null)) as (AmazonProduct & { error?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.error ?? "No data received from Amazon API");
  return body;
}

export type SetField = (name: string, value: string | number | null | undefined) => void;

/**
 * The forms' "fetch from Amazon": reads the ASIN field, fetches, fills the title and the summary (the
 * description's first 480 characters, else the title), lets the form fill its other fields (empty values are
 * skipped) and toasts the outcome; `fill` returns the success message.
 */
export async function fillFromAmazon(
  form: { update(options: { name: string; value: string }): void },
  asinField: { id: string },
  options: {
    title: { name: string };
    summary: { name: string };
    fill: (product: AmazonProduct, set: SetField) => string;
    failure: string;
  },
) {
  const asin = (document.getElementById(asinField.id) as HTMLInputElement | null)?.value.trim();
  if (!asin) return showToast(errorToast("Please enter an ASIN first"));
  try {
    const product = await fetchAmazonProduct(asin);
    const set: SetField = (name, value) => {
      if (value !== null && value !== undefined && value !== "") form.update({ name, value: String(value) });
    };
    set(options.title.name, product.title);
    set(options.summary.name, product.description ? product.description.slice(0, 480) : product.title);
    showToast(successToast(options.fill(product, set)));
  } catch (error) {
    showToast(errorToast(`${options.failure} ${(error as Error).message}`));
  }
}
