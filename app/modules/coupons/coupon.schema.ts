import { z } from "zod";

import { discountAmount, formatAmountOff } from "#app/lib/money";
import {
  checkbox,
  choice,
  optionalDate,
  optionalHttpUrl,
  optionalText,
  reference,
  requiredText,
  status,
  text,
} from "#app/lib/validation";
import { scheduleFields, scheduleInOrder } from "#app/modules/content-types/schedule";

export const discountTypes = ["percentage", "fixed"] as const;
export const urlTypes = ["automatic", "manual"] as const;

/** The form's fields (also what `toRow` maps to columns). */
export const couponFields = z.object({
  title: requiredText("Title is required", 200),
  description: requiredText("Description is required", 2000),
  storeId: reference("Store is required"),
  couponCode: text().trim().max(64, "Must be at most 64 characters").optional(),
  discountType: choice(discountTypes).default("percentage"),
  discountValue: z
    .number({ message: "Discount value is required" })
    .min(0.01, "Value must be greater than 0")
    .max(99_999_999.99, "Amount is too large"),
  validFrom: optionalDate(),
  validUntil: optionalDate(),
  terms: optionalText(5000),
  urlType: choice(urlTypes).default("automatic"),
  customUrl: optionalHttpUrl(),
  affiliateUrl: optionalHttpUrl(),
  status: status(),
  ...scheduleFields,
  featured: checkbox(),
});

export const couponSchema = couponFields.superRefine((coupon, ctx) => {
  if (coupon.discountType === "percentage" && coupon.discountValue > 100) {
    ctx.addIssue({ code: "custom", path: ["discountValue"], message: "A percentage cannot be more than 100" });
  }
  if (coupon.validFrom && coupon.validUntil && coupon.validUntil < coupon.validFrom) {
    ctx.addIssue({ code: "custom", path: ["validUntil"], message: "Valid until cannot be before valid from" });
  }
  scheduleInOrder(coupon, ctx);
});

export type CouponInput = z.output<typeof couponSchema>;

export const couponRequiredFields = ["title", "description", "storeId"] as const;

/** The admin list's discount: "20%" or "$50". */
export function adminDiscountLabel(type: (typeof discountTypes)[number], value: number): string {
  return type === "percentage" ? `${discountAmount(value)}%` : formatAmountOff(value);
}
