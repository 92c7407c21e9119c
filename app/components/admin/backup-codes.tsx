import { Copy, Download } from "lucide-react";
import { useSyncExternalStore } from "react";

import { Button } from "#app/components/ui/button";
import { showToast } from "#app/components/ui/toaster";
import { errorToast, successToast } from "#app/lib/toast";

/** Whether the clipboard can be written: only once the page's script runs, in a secure context. */
const canCopy = () => typeof navigator !== "undefined" && navigator.clipboard !== undefined;
const noChanges = () => () => {};

/** The codes as the file keeps them: what they are for, then one a line. */
export function backupCodesText(codes: string[]): string {
  return `DealDash backup codes. Each signs you in once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
}

/**
 * New backup codes, shown once: to copy or to download as a text file, since they are never shown again.
 * The download is a link to the text itself, so it works before (or without) the page's script.
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const copyable = useSyncExternalStore(noChanges, canCopy, () => false);
  const text = backupCodesText(codes);
  return (
    <div className="mt-2 space-y-3">
      <ul className="grid max-w-sm grid-cols-2 gap-1 font-mono" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {copyable ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              navigator.clipboard.writeText(text).then(
                () => showToast(successToast("Backup codes copied")),
                () => showToast(errorToast("The codes could not be copied: download them, or select and copy them")),
              )
            }
          >
            <Copy className="h-4 w-4" aria-hidden /> Copy the codes
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="dealdash-backup-codes.txt">
            <Download className="h-4 w-4" aria-hidden /> Download the codes
          </a>
        </Button>
      </div>
    </div>
  );
}
