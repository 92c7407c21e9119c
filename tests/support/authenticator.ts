import { createHmac } from "node:crypto";

// An authenticator app, as a test's phone: the codes RFC 6238 (TOTP, on RFC 4226's HOTP) gives for the key an
// otpauth:// URI or a setup page shows (base32, RFC 4648), SHA-1, 6 digits, 30-second steps.

function base32Bytes(key: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of key.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** The code the app shows for `key` at `at` (now by default); `step` moves that many 30-second steps on. */
export function totpCode(key: string, { at = Date.now(), step = 0 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + step));
  const hmac = createHmac("sha1", base32Bytes(key)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** The key of an otpauth:// URI. */
export const keyOf = (uri: string) => new URL(uri).searchParams.get("secret")!;
