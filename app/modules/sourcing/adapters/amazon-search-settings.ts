import { z } from "zod";

import { checkbox, choice, optionalMoney, optionalText } from "#app/lib/validation";

// An Amazon saved search: what SearchItems is asked on each run (keywords and/or a browse node, the least
// saving, a price band, delivery, an order) and how many of its ten pages of ten to read.

/** SearchItems' orders, with their labels in the admin. */
export const amazonSortOrders = {
  Featured: "Featured",
  Relevance: "Relevance",
  NewestArrivals: "Newest arrivals",
  "Price:LowToHigh": "Price, low to high",
  "Price:HighToLow": "Price, high to low",
  AvgCustomerReviews: "Customer reviews",
} as const;

const wholeBetween = (min: number, max: number, message: string) =>
  z.number({ message: "Enter a whole number" }).int("Enter a whole number").min(min, message).max(max, message);

export const amazonSearchSettingsSchema = z
  .object({
    keywords: optionalText(200),
    browseNodeId: optionalText(20).refine((id) => !id || /^\d+$/.test(id), "A browse node id is digits"),
    /** The category to search ("Electronics", "HomeAndKitchen"); empty for all of them. */
    searchIndex: optionalText(60).refine(
      (index) => !index || /^[A-Za-z]+$/.test(index),
      "A search index is one word, as Amazon spells it (Electronics, HomeAndKitchen)",
    ),
    minSavingPercent: wholeBetween(1, 99, "A saving between 1% and 99%").optional(),
    minPrice: optionalMoney("A price of at least 0.01"),
    maxPrice: optionalMoney("A price of at least 0.01"),
    prime: checkbox(),
    freeShipping: checkbox(),
    sortBy: choice(Object.keys(amazonSortOrders) as [keyof typeof amazonSortOrders]).default("Featured"),
    /** Pages of ten read each run: Amazon serves ten at most, and each is one request of the day's budget. */
    pages: wholeBetween(1, 10, "Between 1 and 10 pages").default(3),
  })
  .refine((search) => search.keywords || search.browseNodeId, {
    message: "Enter keywords or a browse node id",
    path: ["keywords"],
  })
  .refine((search) => !search.minPrice || !search.maxPrice || search.minPrice <= search.maxPrice, {
    message: "The highest price is below the lowest",
    path: ["maxPrice"],
  });

export type AmazonSearchSettings = z.output<typeof amazonSearchSettingsSchema>;
