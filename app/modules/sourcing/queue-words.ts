import type { SourceKind } from "#app/db/schema";
import { errorToast, successToast, type Toast } from "#app/lib/toast";

import type { Approval } from "./approve.server";
import type { QueueOrder } from "./candidates.server";

// What the review queue says: its sources' names and what a decision did.

export const sourceLabels: Record<SourceKind, string> = {
  tip: "Shopper's tip",
  amazon: "Amazon search",
  awin: "Awin",
  impact: "Impact",
  feed: "Feed",
};

export const queueOrders: readonly QueueOrder[] = ["newest", "score"];

const candidates = (n: number) => (n === 1 ? "1 candidate" : `${n} candidates`);

/** What a decision did, as a toast: how many it changed, and which it left and why. */
export function decisionToast(
  intent: "approve" | "publish" | "snooze" | "reject",
  outcome: number | Approval,
  asked: number,
): Toast {
  if (typeof outcome === "number") {
    if (outcome === 0)
      return errorToast(
        asked === 1
          ? "This candidate is no longer waiting for review"
          : "None of these candidates is waiting for review",
      );
    return successToast(`${intent === "reject" ? "Rejected" : "Snoozed"} ${candidates(outcome)}`);
  }
  const { approved, needsEditing, gone } = outcome;
  const parts: string[] = [];
  if (approved.length > 0)
    parts.push(`${intent === "publish" ? "Published" : "Approved as drafts:"} ${candidates(approved.length)}`);
  if (needsEditing.length > 0) {
    const first = needsEditing[0]!;
    const more = needsEditing.length > 1 ? ` (and ${needsEditing.length - 1} more)` : "";
    parts.push(`"${first.title}" needs ${first.missing} first: use Edit${more}`);
  }
  if (gone > 0) parts.push(`${candidates(gone)} no longer waiting`);
  const text = parts.join(". ");
  return approved.length > 0 ? successToast(text) : errorToast(text);
}
