import { type FormEvent, useState } from "react";

import type { VoteTally } from "#app/modules/votes/votes";

import { island } from "./island";
import { postForJson, SOMETHING_WENT_WRONG } from "./post-for-json";

/**
 * A shopper's quick report on an item ('Did it work?' on a coupon, 'Expired?' on a deal): a real form
 * that posts without JavaScript and comes back to the page; with it, the answer replaces the buttons.
 */
export default function VotePromptView({
  kind,
  id,
  question,
  choices,
  onCounted,
}: {
  kind: string;
  id: string;
  question: string;
  choices: ReadonlyArray<{ vote: string; label: string; name?: string }>;
  /** Hears what shoppers have said once this answer is counted (the coupon card's figures). */
  onCounted?: (tally: VoteTally, vote: string) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const action = `/votes/${kind}/${id}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const vote = submitter?.value ?? "";
    const answer = await postForJson<{ message?: string; tally?: VoteTally }>(action, new URLSearchParams({ vote }));
    setMessage(answer?.message ?? SOMETHING_WENT_WRONG);
    if (answer?.tally) onCounted?.(answer.tally, vote);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
      {message ? null : (
        <form
          method="post"
          action={action}
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-wrap items-center gap-2"
        >
          <span>{question}</span>
          {choices.map((choice) => (
            <button
              key={choice.vote}
              type="submit"
              name="vote"
              value={choice.vote}
              aria-label={choice.name}
              className="rounded-md border border-gray-300 bg-white px-2 py-1 font-medium text-gray-800 hover:border-brand-500 hover:text-brand-700"
            >
              {choice.label}
            </button>
          ))}
        </form>
      )}
      <p role="status">{message}</p>
    </div>
  );
}

/** On an item's own page; inside a coupon card it is part of the card's island. */
export const VotePrompt = island("vote-prompt", VotePromptView);
