import { z } from "zod";

import { referencePriceKinds } from "#app/lib/reference-price";
import {
  checkbox,
  choice,
  httpUrl,
  imageUrl,
  money,
  optionalDate,
  optionalMoney,
  optionalReference,
  optionalSlug,
  optionalText,
  rating,
  reference,
  requiredText,
  slugged,
  status,
  text,
  wholeCount,
} from "#app/lib/validation";
import { scheduleFields, scheduleInOrder } from "#app/modules/content-types/schedule";

export const PRICE_MIN_MESSAGE = "Price must be greater than 0";

export const asin = () =>
  text()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(text().regex(/^[A-Z0-9]{10}$/, "An ASIN is 10 letters and digits"))
    .optional();

/** The form's fields (also what `toRow` maps to columns). */
export const dealFields = z.object({
  storeId: reference("Store is required"),
  categoryId: optionalReference(),
  title: requiredText("Title is required", 200),
  slug: optionalSlug(200),
  shortDescription: requiredText("Short description is required", 500),
  longDescription: optionalText(10_000),
  imageUrl: imageUrl("Image URL is required"),
  affiliateUrl: httpUrl("Affiliate URL is required"),
  currentPrice: money("Current price is required", PRICE_MIN_MESSAGE),
  originalPrice: optionalMoney(PRICE_MIN_MESSAGE),
  referencePriceKind: choice(referencePriceKinds).default("owner"),
  rating: rating(),
  reviewCount: wholeCount("Review count"),
  expiresAt: optionalDate(),
  status: status(),
  ...scheduleFields,
  featured: checkbox(),
  trackClicks: checkbox(),
  isHot: checkbox(),
  notes: optionalText(5000),
  amazonAsin: asin(),
});

export const dealSchema = slugged(dealFields, "title").superRefine(scheduleInOrder);

export type DealInput = z.output<typeof dealSchema>;

/** The fields whose absence the form sums up as 'Please fill in all required fields'. */
export const dealRequiredFields = ["title", "shortDescription", "imageUrl", "affiliateUrl", "storeId"] as const;
