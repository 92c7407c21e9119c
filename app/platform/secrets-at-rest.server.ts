import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// API secrets (Amazon) are stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from
// APP_SECRET, so a copy of the database alone does not reveal them. Node's crypto does the work.

const PREFIX = "enc:v1:";

function keyFrom(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "dealdash", "secrets-at-rest", 32));
}

export function encryptSecret(plain: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(appSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

/** The plain secret; throws if the value was not encrypted with this key or was altered. */
export function decryptSecret(stored: string, appSecret: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error("not an encrypted secret");
  const [iv, tag, ciphertext] = stored
    .slice(PREFIX.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !ciphertext) throw new Error("malformed encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}

/** The plain secret, or null when this app secret cannot open it (it was sealed under another). */
export function openStoredSecret(stored: string, appSecret: string): string | null {
  try {
    return decryptSecret(stored, appSecret);
  } catch {
    return null;
  }
}

/**
 * What a reader of a stored secret says when this app secret cannot open it: the site's app secret changed,
 * or the site was restored or moved without its app-secret file (docs/backups.md).
 */
export const unreadableSecret = (what: string, remedy: string) =>
  `The stored ${what} cannot be read with this site's app secret (it changed, or the site was restored without its app-secret file): ${remedy}.`;

export const isEncryptedSecret = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(PREFIX);
