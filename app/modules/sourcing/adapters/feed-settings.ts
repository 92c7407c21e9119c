import { z } from "zod";

import { choice, httpUrl, optionalText, requiredText } from "#app/lib/validation";

// A generic feed: a CSV or JSON document at an address, and which of its columns (or keys) hold what. Any
// network or aggregator that can export its offers works this way.

/** The offer's parts a feed's columns can fill, with their labels in the admin. */
export const feedFields = {
  title: "Title",
  url: "Product or landing page address",
  id: "Offer id",
  description: "Description",
  imageUrl: "Image address",
  affiliateUrl: "Affiliate (tracking) link",
  price: "Price",
  originalPrice: "Original price",
  couponCode: "Coupon code",
  discount: "Discount (20% or 10.00)",
  startsAt: "Starts",
  endsAt: "Ends",
  merchant: "Store",
} as const;
export type FeedField = keyof typeof feedFields;

export const feedDelimiters = { comma: ",", semicolon: ";", tab: "\t", pipe: "|" } as const;

const column = () => optionalText(200);

export const feedSettingsSchema = z.object({
  url: httpUrl("Enter the feed's address"),
  kind: choice(["deal", "coupon"] as const).default("deal"),
  format: choice(["auto", "csv", "json"] as const).default("auto"),
  delimiter: choice(Object.keys(feedDelimiters) as [keyof typeof feedDelimiters]).default("comma"),
  /** Where a JSON document keeps its list of offers ("offers", "data.items"); empty when it is the list. */
  itemsPath: optionalText(200),
  /** The store of every offer, for a feed of one store's offers (else a column names it). */
  store: optionalText(200),
  mapping: z.object({
    title: requiredText("Name the column that holds each offer's title", 200),
    url: requiredText("Name the column that holds each offer's address", 200),
    id: column(),
    description: column(),
    imageUrl: column(),
    affiliateUrl: column(),
    price: column(),
    originalPrice: column(),
    couponCode: column(),
    discount: column(),
    startsAt: column(),
    endsAt: column(),
    merchant: column(),
  }),
});

export type FeedSettings = z.output<typeof feedSettingsSchema>;
