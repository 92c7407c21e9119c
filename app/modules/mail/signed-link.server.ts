import { createHmac, timingSafeEqual } from "node:crypto";

// Links in messages act without a session (confirm a subscription, unsubscribe, manage an alert): each
// carries an HMAC-SHA256 of what it does and to which row, keyed by the app secret, so only the address the
// message went to can follow it.

/** The token for `purpose` ('newsletter-confirm', …) on the row `id`. */
export const signedToken = (secret: string, purpose: string, id: string) =>
  createHmac("sha256", secret).update(`${purpose}\n${id}`).digest("base64url");

/** Whether `token` was made by signedToken for this purpose and row. */
export function tokenMatches(secret: string, purpose: string, id: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(signedToken(secret, purpose, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
