import { buyingGuideType } from "#app/modules/buying-guides/buying-guide.type.server";
import { categoryType } from "#app/modules/categories/category.type.server";
import { couponType } from "#app/modules/coupons/coupon.type.server";
import { dealType } from "#app/modules/deals/deal.type.server";
import { giftIdeaType } from "#app/modules/gift-ideas/gift-idea.type.server";
import { storeType } from "#app/modules/stores/store.type.server";

import type { AnyContentType, TypeKey } from "./content-type";
import { segmentOf } from "./words";

/** Every content type, in the order the admin lists them. Adding a type means adding it here. */
export const contentTypes: readonly AnyContentType[] = [
  dealType,
  couponType,
  giftIdeaType,
  buyingGuideType,
  storeType,
  categoryType,
] as AnyContentType[];

export function contentType(key: TypeKey): AnyContentType {
  const found = contentTypes.find((type) => type.key === key);
  if (!found) throw new Error(`No content type ${key}`);
  return found;
}

/** The type whose admin pages live under this path (`/admin/deals`, `/admin/deals/edit/…`, `….data`). */
export function contentTypeForAdminPath(pathname: string): AnyContentType | undefined {
  const segment = pathname.replace(/\.data$/, "").split("/")[2];
  return contentTypes.find((type) => segmentOf(type) === segment);
}
