import { formatDateTime } from "#app/lib/dates";

/** "Price as of Nov 23, 2026, 1:05 AM. Details" under an Amazon price (Amazon's terms ask for the time it was read). */
export function PriceAsOf({ item }: { item: { amazonAsin: string | null; priceUpdatedAt: Date | string | null } }) {
  if (!item.amazonAsin || !item.priceUpdatedAt) return null;
  return (
    <p className="text-xs text-gray-500">
      {`Price as of ${formatDateTime(item.priceUpdatedAt)}. `}
      <a href="/disclaimer#prices" className="underline">
        Details
      </a>
    </p>
  );
}
