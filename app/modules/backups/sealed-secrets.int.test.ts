import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { earningsSources, sourcingSources, stores, twoFactors, users, webhooks } from "#app/db/schema";
import { encryptSecret } from "#app/platform/secrets-at-rest.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { sealedElsewhereWarning, sealedSecretsWarning, secretsSealedElsewhere } from "./sealed-secrets.server";

// What a restore or a start says when the database's sealed secrets were sealed with another app secret
// than the one in use: read from the tables where each kind is kept, on both databases.

const OLD = "the-old-sites-app-secret-the-old-sites-app";
const NEW = "a-new-app-secret-made-on-a-start-a-new-app";

const database = testDatabasePerFile(async ({ db }) => {
  await db.insert(stores).values({
    name: "Amazon",
    slug: "amazon",
    apiConfig: { access_key: "AKID", secret_key: encryptSecret("amazon-secret", OLD), associate_tag: "x-20" },
  });
  await db
    .insert(sourcingSources)
    .values(
      ["Awin one", "Awin two"].map((name) => ({ kind: "awin" as const, name, secret: encryptSecret("token", OLD) })),
    );
  await db.insert(earningsSources).values({ network: "cj", name: "CJ", secret: encryptSecret("cj-token", OLD) });
  await db.insert(webhooks).values({
    url: "https://hooks.example.com/deals",
    format: "json",
    events: ["deal.published"],
    secret: encryptSecret("signing", OLD),
  });
  const [person] = await db
    .insert(users)
    .values({ name: "Editor", email: "editor@example.com", role: "editor", twoFactorEnabled: true })
    .returning();
  await db.insert(twoFactors).values({
    userId: person!.id,
    secret: await symmetricEncrypt({ key: OLD, data: "JBSWY3DPEHPK3PXP" }),
    backupCodes: await symmetricEncrypt({ key: OLD, data: "[]" }),
  });
});

describe("secrets sealed with another app secret", () => {
  it("are none with the secret that sealed them", async () => {
    expect(await secretsSealedElsewhere(database().db, OLD)).toEqual([]);
  });

  it("are each named, by kind and count, with another secret or none, and the warning says what to copy", async () => {
    const found = [
      "the Amazon secret key",
      "the API tokens of 2 sourcing sources",
      "the API token of a network account",
      "the signing secret of a webhook",
      "the two-factor secret of a team member",
    ];
    expect(await secretsSealedElsewhere(database().db, NEW)).toEqual(found);
    expect(await secretsSealedElsewhere(database().db, null)).toEqual(found);
    expect(sealedElsewhereWarning(found, true)).toBe(
      "This site's app secret cannot read the Amazon secret key, the API tokens of 2 sourcing sources, the API token of a network account, the signing secret of a webhook and the two-factor secret of a team member: they were sealed with another (the app secret changed, or the site was restored or moved without its app-secret file). Copy the old site's DATA_DIR/app-secret file here, or set APP_SECRET to its value, and restart; otherwise enter them again (Settings → Amazon, Sourcing, Earnings, Webhooks), and an owner resets two-factor for those people (Users).",
    );
    expect(sealedElsewhereWarning(found.slice(0, 1), false)).toBe(
      "This database holds the Amazon secret key, sealed with the old site's app secret. Before you start the server, copy the old site's DATA_DIR/app-secret file into this DATA_DIR, or set APP_SECRET to its value: a server started without it makes a new app secret that cannot read them.",
    );
  });

  it("after a restore: nothing to say with the old site's app-secret file, else what to copy or enter again", async () => {
    const { db } = database();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealdash-sealed-"));
    try {
      // A new place: no app secret yet, and none is made by asking.
      expect(await sealedSecretsWarning(db, { DATA_DIR: dataDir })).toMatch(
        /^This database holds the Amazon secret key, .*: a server started without it makes a new app secret/,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(await sealedSecretsWarning(db, { DATA_DIR: dataDir, APP_SECRET: NEW })).toMatch(
        /^This site's app secret cannot read the Amazon secret key, /,
      );
      fs.writeFileSync(path.join(dataDir, "app-secret"), `${OLD}\n`);
      expect(await sealedSecretsWarning(db, { DATA_DIR: dataDir })).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("are gone once entered again with the secret in use", async () => {
    const { db } = database();
    await db
      .update(stores)
      .set({
        apiConfig: { access_key: "AKID", secret_key: encryptSecret("amazon-secret", NEW), associate_tag: "x-20" },
      })
      .where(eq(stores.slug, "amazon"));
    await db.update(sourcingSources).set({ secret: encryptSecret("token", NEW) });
    await db.update(earningsSources).set({ secret: encryptSecret("cj-token", NEW) });
    await db.update(webhooks).set({ secret: encryptSecret("signing", NEW) });
    await db.delete(twoFactors);
    expect(await secretsSealedElsewhere(db, NEW)).toEqual([]);
  });
});
