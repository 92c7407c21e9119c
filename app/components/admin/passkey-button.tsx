import { KeyRound } from "lucide-react";
import { useState, useSyncExternalStore } from "react";

import { Button } from "#app/components/ui/button";
import { showToast } from "#app/components/ui/toaster";
import { cn } from "#app/lib/cn";
import { errorToast } from "#app/lib/toast";

import { type CeremonyResult, passkeysSupported } from "./passkey-ceremony";

/** Passkey support never changes while the page is open. */
const noChanges = () => () => {};

/** Why this page's address cannot use the site's passkeys (whyNoPasskeys), where a passkey button would be. */
export function PasskeysUnavailable({ why, className }: { why: string; className?: string }) {
  return (
    <p className={cn("text-sm text-gray-600", className)} data-testid="passkeys-unavailable">
      {why}
    </p>
  );
}

/**
 * A button that runs a passkey ceremony (passkey-ceremony.ts) and hands a success on; a failure is a toast.
 * Drawn once the page's script runs in a browser that has passkeys: without either there is nothing to press.
 * Where the page's address cannot use the site's passkeys, `unavailable` says why instead (whyNoPasskeys).
 */
export function PasskeyButton({
  label,
  run,
  onDone,
  variant = "outline",
  unavailable,
}: {
  label: string;
  run: () => Promise<CeremonyResult>;
  onDone: (body: Record<string, unknown>) => void;
  variant?: "outline" | "primary";
  unavailable: string | null;
}) {
  // False on the server and in the first render, so the markup matches the server's until the script runs.
  const supported = useSyncExternalStore(noChanges, passkeysSupported, () => false);
  const [busy, setBusy] = useState(false);
  if (unavailable) return <PasskeysUnavailable why={unavailable} />;
  if (!supported) return null;
  return (
    <Button
      type="button"
      variant={variant}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const result = await run().finally(() => setBusy(false));
        if (result.ok) onDone(result.body);
        else showToast(errorToast(result.error));
      }}
    >
      <KeyRound className="h-4 w-4" aria-hidden /> {busy ? "Waiting for your passkey..." : label}
    </Button>
  );
}
