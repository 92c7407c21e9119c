import { describe, expect, it } from "vitest";

import { decryptSecret, encryptSecret, isEncryptedSecret } from "./secrets-at-rest.server";

const key = "k".repeat(40);

describe("secrets at rest", () => {
  it("round-trips, never contains the plain text, and differs each time", () => {
    const first = encryptSecret("wJalrXUtnFEMI/K7MDENG", key);
    const second = encryptSecret("wJalrXUtnFEMI/K7MDENG", key);
    expect(isEncryptedSecret(first)).toBe(true);
    expect(first).not.toContain("wJalrXUtnFEMI");
    expect(first).not.toBe(second);
    expect(decryptSecret(first, key)).toBe("wJalrXUtnFEMI/K7MDENG");
  });

  it("refuses another key and a tampered value", () => {
    const stored = encryptSecret("secret", key);
    expect(() => decryptSecret(stored, "x".repeat(40))).toThrow();
    const tampered = stored.slice(0, -2) + (stored.endsWith("A") ? "BB" : "AA");
    expect(() => decryptSecret(tampered, key)).toThrow();
  });
});
