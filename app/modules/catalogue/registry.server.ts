import { buyingGuideType } from "#app/modules/buying-guides/buying-guide.type.server";
import { categoryType } from "#app/modules/categories/category.type.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { segmentOf } from "#app/modules/content-types/words";
import { couponType } from "#app/modules/coupons/coupon.type.server";
import { dealType } from "#app/modules/deals/deal.type.server";
import { giftIdeaType } from "#app/modules/gift-ideas/gift-idea.type.server";
import { storeType } from "#app/modules/stores/store.type.server";

import { faces, type TypeKey } from "./faces";

/** A desk the catalogue holds: its key is one of the face list's. */
export type RegisteredType = AnyContentType & { key: TypeKey };

/** Every type's admin desk, by its face's key. */
const desks: Record<TypeKey, RegisteredType> = {
  deal: dealType,
  coupon: couponType,
  gift: giftIdeaType,
  guide: buyingGuideType,
  store: storeType,
  category: categoryType,
} as Record<TypeKey, RegisteredType>;

/** Every content type's desk, in the face list's order (the admin's). */
export const contentTypes: readonly RegisteredType[] = faces.map((face) => desks[face.key]);

/** A type's desk by key; a reference's target is a key the face list holds (a test checks every one). */
export function contentType(key: string): RegisteredType {
  const found = desks[key as TypeKey];
  if (!found) throw new Error(`No content type ${key}`);
  return found;
}

/** The type whose admin pages live under this path (`/admin/deals`, `/admin/deals/edit/…`, `….data`). */
export function contentTypeForAdminPath(pathname: string): RegisteredType | undefined {
  const segment = pathname.replace(/\.data$/, "").split("/")[2];
  return contentTypes.find((type) => segmentOf(type) === segment);
}
