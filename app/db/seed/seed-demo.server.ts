import { discountPercentage } from "#app/lib/discount";
import { slugify } from "#app/lib/slugify";

import type { Database } from "../client.server";
import { buyingGuides, categories, coupons, deals, giftIdeas, stores } from "../schema";
import {
  daysFromNow,
  demoCategories,
  demoCoupons,
  demoDeals,
  demoGiftIdeas,
  demoGuides,
  demoStores,
} from "./demo-content";

const image = (name: string) => `/demo/${name}.svg`;
const MINUTE = 60 * 1000;

/** Loads the demo content in one transaction. Rows get staggered creation times so "newest first" is stable. */
export async function seedDemoContent(db: Database): Promise<void> {
  const start = Date.now();
  let tick = 0;
  const nextCreatedAt = () => new Date(start - 24 * 60 * MINUTE + tick++ * 5 * MINUTE);

  await db.transaction(async (tx) => {
    const storeRows = await tx
      .insert(stores)
      .values(demoStores.map(({ key: _key, ...store }) => store))
      .returning({ id: stores.id, slug: stores.slug });
    const storeId = (key: string) => storeRows.find((row) => row.slug === key)!.id;

    const categoryRows = await tx
      .insert(categories)
      .values(demoCategories.map(({ key: _key, ...category }) => category))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = (key: string) =>
      categoryRows.find((row) => row.slug === demoCategories.find((c) => c.key === key)!.slug)!.id;

    const dealIds = new Map<string, string>();
    for (const deal of demoDeals) {
      const [row] = await tx
        .insert(deals)
        .values({
          title: deal.title,
          slug: slugify(deal.title),
          shortDescription: deal.shortDescription,
          longDescription: `${deal.shortDescription} Prices checked by the DealDash team.`,
          imageUrl: image(deal.image),
          currentPrice: deal.current,
          originalPrice: deal.original,
          discountPercentage: discountPercentage(deal.current, deal.original),
          affiliateUrl: deal.affiliateUrl,
          storeId: storeId(deal.store),
          categoryId: categoryId(deal.category),
          status: deal.status ?? "published",
          featured: deal.featured ?? false,
          rating: deal.rating ?? null,
          reviewCount: deal.reviews ?? null,
          expiresAt: deal.expiresInDays ? daysFromNow(deal.expiresInDays, start) : null,
          isHot: deal.hot ?? false,
          createdAt: nextCreatedAt(),
        })
        .returning({ id: deals.id });
      dealIds.set(deal.key, row!.id);
    }

    await tx.insert(coupons).values(
      demoCoupons.map((coupon) => ({
        title: coupon.title,
        description: coupon.description,
        storeId: storeId(coupon.store),
        couponCode: coupon.code,
        discountType: coupon.discountType,
        discountValue: coupon.discountValue,
        validFrom: coupon.validUntilDays !== null && coupon.validUntilDays < 0 ? daysFromNow(-30, start) : null,
        validUntil: coupon.validUntilDays === null ? null : daysFromNow(coupon.validUntilDays, start),
        terms: "terms" in coupon ? coupon.terms : null,
        affiliateUrl: coupon.affiliateUrl,
        status: "published" as const,
        featured: "featured" in coupon ? coupon.featured : false,
        createdAt: nextCreatedAt(),
      })),
    );

    await tx.insert(giftIdeas).values(
      demoGiftIdeas.map(({ image: name, store, ...gift }) => ({
        ...gift,
        imageUrl: image(name),
        storeId: storeId(store),
        showInGiftGuide: true,
        status: "published" as const,
        createdAt: nextCreatedAt(),
      })),
    );

    await tx.insert(buyingGuides).values(
      demoGuides.map(({ image: name, category, content, ...guide }) => ({
        ...guide,
        coverImageUrl: image(name),
        categoryId: categoryId(category),
        content: content.replace(/\{\{deal:([a-z-]+)\}\}/g, (_, key: string) => `[deal:${dealIds.get(key)}]`),
        status: "published" as const,
        createdAt: nextCreatedAt(),
      })),
    );
  });
}
