import { buyingGuideFace } from "#app/modules/buying-guides/buying-guide.face";
import { categoryFace } from "#app/modules/categories/category.face";
import { couponFace } from "#app/modules/coupons/coupon.face";
import { dealFace } from "#app/modules/deals/deal.face";
import { giftIdeaFace } from "#app/modules/gift-ideas/gift-idea.face";
import { storeFace } from "#app/modules/stores/store.face";

// The one list of content types, in the order the admin lists them. The type keys are read from it, and
// the admin desks (registry.server.ts) are a record by key, so the compiler asks for a desk for every face.
// The route table and public code read faces; only admin code loads desks. Adding a type means adding its
// face here.

export const faces = [dealFace, couponFace, giftIdeaFace, buyingGuideFace, storeFace, categoryFace] as const;

export type TypeKey = (typeof faces)[number]["key"];
