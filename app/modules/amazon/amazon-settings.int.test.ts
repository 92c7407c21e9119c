import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { stores } from "#app/db/schema";

import { actor, auditTrail, insertActor } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { amazonSettingsSchema } from "./amazon-settings.schema";
import {
  credentialsFromForm,
  loadAmazonCredentials,
  loadAmazonSettings,
  MissingSecretError,
  saveAmazonSettings,
} from "./amazon-settings.server";

const database = testDatabasePerFile((t) => insertActor(t.db));
const key = "app-secret-for-tests-0123456789abcdef";
const form = (overrides: Record<string, unknown> = {}) =>
  amazonSettingsSchema(true).parse({
    accessKey: "cred-id",
    secretKey: "super-secret-9876",
    associateTag: "dealdash-20",
    ...overrides,
  });

describe("Amazon settings", () => {
  it("name every missing required field at once, the secret only while none is stored", () => {
    const messages = (hasSecret: boolean) =>
      amazonSettingsSchema(hasSecret)
        .safeParse({})
        .error?.issues.map((issue) => issue.message);
    expect(messages(false)).toEqual(["Access key is required", "Secret key is required", "Associate tag is required"]);
    expect(messages(true)).toEqual(["Access key is required", "Associate tag is required"]);
  });

  it("upsert the 'amazon' store with the secret encrypted, and never show it", async () => {
    await saveAmazonSettings(database().db, actor, form(), key);
    const [row] = await database().db.select().from(stores).where(eq(stores.slug, "amazon"));
    expect(row!.apiType).toBe("amazon_pa");
    expect(JSON.stringify(row!.apiConfig)).not.toContain("super-secret-9876");
    expect((row!.apiConfig as { secret_key: string }).secret_key).toMatch(/^enc:v1:/);

    const view = await loadAmazonSettings(database().db, key);
    expect(view).toMatchObject({
      accessKey: "cred-id",
      associateTag: "dealdash-20",
      secretLast4: "9876",
      hasSecret: true,
      marketplace: "www.amazon.com",
    });
    expect(JSON.stringify(view)).not.toContain("super-secret");
    expect((await loadAmazonCredentials(database().db, key))?.secretKey).toBe("super-secret-9876");
    expect(await auditTrail(database().db)).toEqual(["update amazon_settings Amazon settings"]);
  });

  it("keep the stored secret when the form leaves it empty, and refuse a first save without one", async () => {
    await expect(saveAmazonSettings(database().db, actor, form({ secretKey: "" }), key)).rejects.toThrow(
      MissingSecretError,
    );
    await saveAmazonSettings(database().db, actor, form(), key);
    await saveAmazonSettings(
      database().db,
      actor,
      form({ secretKey: "", associateTag: "other-20", api: "paapi" }),
      key,
    );
    expect(await loadAmazonCredentials(database().db, key)).toMatchObject({
      secretKey: "super-secret-9876",
      associateTag: "other-20",
      api: "paapi",
    });
    expect((await credentialsFromForm(database().db, form({ secretKey: "" }), key))?.secretKey).toBe(
      "super-secret-9876",
    );
  });
});
