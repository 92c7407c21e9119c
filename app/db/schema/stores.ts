import { sql } from "drizzle-orm";
import { jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./common";

export const apiType = pgEnum("api_type", ["manual", "amazon", "shopify", "woocommerce", "amazon_pa"]);

export const stores = pgTable("stores", {
  id: id(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  logoUrl: text(),
  seoTitle: text(),
  seoDescription: text(),
  apiType: apiType().notNull().default("manual"),
  apiConfig: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
