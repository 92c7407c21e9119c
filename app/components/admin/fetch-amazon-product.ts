import type { AmazonProduct } from "~/modules/amazon/amazon-product";

export type FetchedProduct = AmazonProduct;

/** Asks our server for an Amazon product; throws an Error carrying the server's explanation. */
export async function fetchAmazonProduct(asin: string): Promise<FetchedProduct> {
  const response = await fetch("/api/amazon-product", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ asin }),
  });
  const body = (await response.json().catch(() => null)) as (FetchedProduct & { error?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.error ?? "No data received from Amazon API");
  return body;
}
