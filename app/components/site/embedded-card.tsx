import type { ComponentType } from "react";

import { CouponCard, type CouponCardData } from "#app/islands/coupon-card";

import { DealCard, type DealCardData } from "./deal-card";
import { GiftCard, type GiftCardData } from "./gift-card";

// The public card of each kind a guide can embed (content types with `embed`). A type that guides may
// embed registers its card here.
const cards: Record<string, ComponentType<{ card: never }>> = {
  deal: ({ card }: { card: DealCardData }) => <DealCard deal={card} placement="guide" layout="list" />,
  coupon: ({ card }: { card: CouponCardData }) => <CouponCard coupon={card} placement="guide" />,
  gift: ({ card }: { card: GiftCardData }) => <GiftCard gift={card} />,
};

/** An item embedded in a guide, as its public card; nothing for a kind without one. */
export function EmbeddedCard({ kind, card }: { kind: string; card: { id: string } }) {
  const Card = cards[kind] as ComponentType<{ card: { id: string } }> | undefined;
  return Card ? <Card card={card} /> : null;
}
