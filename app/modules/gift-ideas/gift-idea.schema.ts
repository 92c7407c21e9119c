import { z } from "zod";

import { audiences, occasions } from "#app/db/schema/gift-ideas";
import { normalizeTags } from "#app/lib/tags";
import { isImageUrl } from "#app/lib/urls";
import {
  checkbox,
  choice,
  httpUrl,
  IMAGE_URL_MESSAGE,
  imageUrl,
  money,
  optionalReference,
  optionalSlug,
  optionalText,
  rating,
  requiredText,
  slugged,
  status,
  stringList,
  text,
  wholeCount,
} from "#app/lib/validation";
import { scheduleFields, scheduleInOrder } from "#app/modules/content-types/schedule";
import { asin } from "#app/modules/deals/deal.schema";

export { audiences, occasions };

/** The form's fields (also what `toRow` maps to columns). */
export const giftIdeaFields = z.object({
  title: requiredText("Title is required", 200),
  slug: optionalSlug(200),
  description: requiredText("Short description is required", 500),
  longDescription: optionalText(10_000),
  productUrl: httpUrl("Product URL is required"),
  imageUrl: imageUrl("Image URL is required"),
  additionalImages: stringList(text().trim().max(2000).refine(isImageUrl, IMAGE_URL_MESSAGE)),
  isAmazonProduct: checkbox(),
  amazonAsin: asin(),
  storeId: optionalReference(),
  price: money("Price is required", "Price must be greater than 0"),
  rating: rating(),
  totalReviews: wholeCount("Total reviews"),
  primeEligible: checkbox(),
  tags: stringList(text().max(50, "A tag can be at most 50 characters")).transform(normalizeTags),
  occasion: choice(occasions).optional(),
  audienceType: choice(audiences).optional(),
  showInGiftGuide: checkbox(),
  status: status(),
  ...scheduleFields,
  featured: checkbox(),
  adminNotes: optionalText(5000),
});

export const giftIdeaSchema = slugged(giftIdeaFields, "title").superRefine(scheduleInOrder);

export type GiftIdeaInput = z.output<typeof giftIdeaSchema>;

export const giftIdeaRequiredFields = ["title", "description", "imageUrl"] as const;
