import { signedToken, tokenMatches } from "#app/modules/mail/signed-link.server";

// `npm run backup` while the server runs on the embedded database: only the server may open it, so the
// command asks it, over loopback, signing the request's time with the app secret (which only whoever holds
// the server's configuration or data directory has). A request is good for two minutes.

const PURPOSE = "backup-request";
const VALID_MS = 120_000;

/** The header a backup request carries. */
export const BACKUP_REQUEST_HEADER = "x-dealdash-backup";

/** A request's token: its time and the signature of it. */
export const backupRequestToken = (secret: string, now = Date.now()) =>
  `${now}.${signedToken(secret, PURPOSE, String(now))}`;

/** Whether a request's token is ours and recent. */
export function isBackupRequest(secret: string, token: string | null, now = Date.now()): boolean {
  const [time, signature] = (token ?? "").split(".");
  const at = Number(time);
  return (
    Number.isSafeInteger(at) &&
    Math.abs(now - at) <= VALID_MS &&
    tokenMatches(secret, PURPOSE, String(at), signature ?? null)
  );
}

/** Whether an address is this machine's own. */
export const isLoopback = (ip: string) => ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
