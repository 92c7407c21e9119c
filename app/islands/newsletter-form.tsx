import { type FormEvent, useState } from "react";

import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import type { NewsletterResult } from "#app/modules/newsletter/newsletter.schema";

import { island } from "./island";
import { postForJson, SOMETHING_WENT_WRONG } from "./post-for-json";

/** The footer's sign-up: posts to /newsletter/subscribe and shows the answer under the form (without JavaScript, to the /newsletter page). */
export default function NewsletterFormView() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NewsletterResult | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await postForJson<NewsletterResult>("/newsletter/subscribe", new FormData(event.currentTarget));
    setResult(answer ?? { ok: false, message: SOMETHING_WENT_WRONG });
    setBusy(false);
  }

  return (
    <form method="post" action="/newsletter" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="text-sm text-gray-300">
        Get the best deals in your inbox every week.
      </label>
      <div className="flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          name="email"
          required
          placeholder="you@example.com"
          autoComplete="email"
          className="border-gray-700 bg-gray-800 text-white"
        />
        {/* Honeypot: people never see or fill it; bots that fill every field are ignored. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit" variant="accent" disabled={busy}>
          Subscribe
        </Button>
      </div>
      {result ? (
        <p role="status" className={result.ok ? "text-sm text-green-400" : "text-sm text-red-400"}>
          {result.message}
        </p>
      ) : null}
    </form>
  );
}

export const NewsletterForm = island("newsletter-form", NewsletterFormView);
