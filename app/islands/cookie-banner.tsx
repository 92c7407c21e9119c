import { Cookie, X } from "lucide-react";
import { type FormEvent, useState, useSyncExternalStore } from "react";

import { Button } from "#app/components/ui/button";
import { CONSENT_COOKIE } from "#app/lib/cookies";

import { island } from "./island";

const ONE_YEAR = 60 * 60 * 24 * 365;

// Another tab's choice arrives as a storage event.
function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * Shown until `cookieConsent` is stored; Accept stores 'true', Decline and the close icon 'false'.
 * The choice is kept in localStorage (the spec's key) and mirrored in a cookie so the server can leave
 * the banner out of the HTML for returning visitors; without JavaScript the buttons post the same choice.
 */
export default function CookieBannerView() {
  const storedInBrowser = useSyncExternalStore(
    subscribeToStorage,
    () => window.localStorage.getItem(CONSENT_COOKIE) !== null,
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const value = submitter?.value === "true" ? "true" : "false";
    window.localStorage.setItem(CONSENT_COOKIE, value);
    document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
    setDismissed(true);
  }

  if (storedInBrowser || dismissed) return null;
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-4px_20px_rgba(0,0,0,0.08)] sm:p-4"
    >
      <form
        method="post"
        action="/cookie-consent"
        onSubmit={onSubmit}
        className="mx-auto flex max-w-7xl flex-col gap-2 sm:flex-row sm:items-center sm:gap-3"
      >
        <Cookie className="hidden h-8 w-8 shrink-0 text-accent-500 sm:block" aria-hidden />
        <p className="flex-1 text-xs text-gray-700 sm:text-sm">
          We use cookies to remember your preferences and to count clicks on deals anonymously.{" "}
          <a href="/privacy" className="font-medium text-brand-600 underline">
            Privacy policy
          </a>
        </p>
        <div className="flex items-center gap-2">
          <Button type="submit" name="consent" value="false" variant="outline" size="sm">
            Decline
          </Button>
          <Button type="submit" name="consent" value="true" size="sm">
            Accept
          </Button>
          <Button
            type="submit"
            name="consent"
            value="false"
            variant="ghost"
            size="icon"
            aria-label="Close cookie banner"
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </form>
    </section>
  );
}

export const CookieBanner = island("cookie-banner", CookieBannerView);
