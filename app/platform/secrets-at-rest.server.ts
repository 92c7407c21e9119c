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

export const isEncryptedSecret = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(PREFIX);
