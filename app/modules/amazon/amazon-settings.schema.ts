import { z } from "zod";

import { TRACKING_ID_PATTERN } from "#app/lib/amazon-tracking-ids";
import { PLACEMENTS } from "#app/lib/placements";
import { text } from "#app/lib/validation";

import { CREATORS_TOKEN_ENDPOINTS, DEFAULT_MARKETPLACE, MARKETPLACES } from "./marketplaces";

export const AMAZON_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "ap-northeast-1"] as const;
export const CREDENTIAL_VERSIONS = Object.keys(CREATORS_TOKEN_ENDPOINTS);
export const TEST_FIELDS_MESSAGE = "Please fill in all required fields before testing";

export const SECRET_REQUIRED = "Secret key is required";

/** The requests a day Amazon grants an account to begin with (1 a second for a day): the budget's default. */
export const DEFAULT_DAILY_REQUESTS = 8640;

const settingsFields = z.object({
  intent: z.enum(["save", "test"]).default("save"),
  api: z.enum(["creators", "paapi"]).default("creators"),
  accessKey: text("Access key is required").trim().min(1, "Access key is required").max(200),
  secretKey: text().trim().max(500).optional(),
  associateTag: text("Associate tag is required").trim().min(1, "Associate tag is required").max(100),
  region: z.enum(AMAZON_REGIONS).default("us-east-1"),
  marketplace: text()
    .refine((value) => MARKETPLACES.some((entry) => entry.marketplace === value), "Choose a marketplace from the list")
    .default(DEFAULT_MARKETPLACE),
  credentialVersion: text()
    .refine((value) => CREDENTIAL_VERSIONS.includes(value), "Choose a credential version from the list")
    .default("2.1"),
  /** How many requests a day the site may make: the saved searches stop for the day when it is spent. */
  dailyRequestBudget: z
    .number({ message: "Enter a whole number" })
    .int("Enter a whole number")
    .min(1, "Allow at least 1 request a day")
    .max(10_000_000, "At most 10,000,000 requests a day")
    .default(DEFAULT_DAILY_REQUESTS),
});

/**
 * The Amazon settings form. The secret may stay empty when one is stored (empty keeps it); before then it
 * is required like the other two, so an empty form names all three at once.
 */
export const amazonSettingsSchema = (hasSecret: boolean, required = SECRET_REQUIRED) =>
  settingsFields.extend({
    secretKey: hasSecret ? settingsFields.shape.secretKey : text(required).trim().min(1, required).max(500),
  });

export type AmazonSettingsInput = z.output<typeof settingsFields>;

const trackingId = text()
  .trim()
  .max(100, "At most 100 characters")
  .regex(TRACKING_ID_PATTERN, "Use letters, digits and hyphens, as in site-deals-20")
  .optional();

/** The tracking IDs form: one per placement, each optional (empty sends the associate tag). */
export const trackingIdsSchema = z.object({
  intent: z.literal("tracking-ids"),
  trackingIds: z.object(Object.fromEntries(PLACEMENTS.map((placement) => [placement, trackingId]))).default({}),
});
