import { SpriteIcon } from "#app/components/site/sprite-icon";
import { cn } from "#app/lib/cn";

import { island } from "./island";
import { toggleSavedDeal, useSavedDealIds } from "./saved-deals";

/** The heart on a deal card: saves the deal in this browser (saved-deals.ts). */
export default function SaveDealButtonView({ id, title }: { id: string; title: string }) {
  const saved = useSavedDealIds().includes(id);
  return (
    <button
      type="button"
      onClick={() => toggleSavedDeal(id)}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from saved deals` : `Save ${title}`}
      className="absolute right-2 top-2 rounded-full bg-white/90 p-2 shadow hover:bg-white sm:right-3 sm:top-3"
    >
      <SpriteIcon name="heart" className={cn("h-4 w-4", saved ? "fill-red-500 text-red-500" : "text-gray-600")} />
    </button>
  );
}

export const SaveDealButton = island("save-deal-button", SaveDealButtonView);
