import { describe, expect, it } from "vitest";

import { maskApiConfig, maskSecret, restoreSecrets } from "./api-config-secrets";

const stored = {
  shop: "example.myshopify.com",
  api_key: "key-1234567890abcd",
  woocommerce: { consumer_key: "ck_1234567890abcdef", consumer_secret: "cs_abcdef1234567890", version: "wc/v3" },
  accounts: [{ name: "main", token: "tok-1234567890wxyz" }],
  credentials: { user: "owner", pass: "hunter2-long-enough" },
  password: "short",
  apiKey: 123456789012345,
};

describe("api_config secrets", () => {
  it("masks secret-looking keys at any depth, and everything under one", () => {
    const shown = maskApiConfig(stored);
    const text = JSON.stringify(shown);
    for (const secret of [
      "key-1234567890",
      "ck_1234567890",
      "cs_abcdef123456",
      "tok-1234567890",
      "hunter2",
      "short",
      "owner",
      "123456789012345",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(shown).toMatchObject({
      shop: "example.myshopify.com",
      woocommerce: { version: "wc/v3" },
      accounts: [{ name: "main" }],
    });
    expect(shown.password).toBe("••••");
    expect(shown.api_key).toBe("••••abcd");
  });

  it("keeps every stored secret whose mask comes back unchanged, and takes new values", () => {
    const shown = maskApiConfig(stored) as typeof stored;
    expect(restoreSecrets(shown, stored)).toEqual(stored);
    const edited = {
      ...shown,
      woocommerce: { ...shown.woocommerce, consumer_secret: "cs_new" },
      accounts: [{ name: "main", token: "tok-new" }],
    };
    expect(restoreSecrets(edited, stored)).toEqual({
      ...stored,
      woocommerce: { ...stored.woocommerce, consumer_secret: "cs_new" },
      accounts: [{ name: "main", token: "tok-new" }],
    });
  });

  it("does not hand a stored secret to a key that did not hold it", () => {
    expect(restoreSecrets({ other_secret: maskSecret(stored.api_key) }, stored)).toEqual({
      other_secret: maskSecret(stored.api_key),
    });
  });
});
