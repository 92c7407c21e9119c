import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkLink } from "#app/modules/link-health/link-check.server";
import { saveWebhook, sendTestWebhook } from "#app/modules/webhooks/webhooks.server";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { ADMIN, servedInProcessApp } from "../support/in-process-server";

// Owner-given URLs (a webhook, an affiliate link) must not reach this machine: a service bound to 0.0.0.0
// answers on every interface's address, the non-private ones included, and the app's own port is one.

const served = servedInProcessApp();
const posted: string[] = [];
const receiver = http.createServer((request, response) => {
  posted.push(request.url ?? "");
  response.end("ok");
});
let receiverPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "0.0.0.0", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** Every address of this machine an outside service could be reached at, as a URL host. */
const ownHosts = () =>
  Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.address.startsWith("fe80"))
    .map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address));

describe("outbound requests to this machine", () => {
  it("are refused for a webhook, on save and on delivery, on every address of every interface", async () => {
    const cookie = await signInOverHttp(served().url, ADMIN);
    const appSecret = "a secret of this test";
    for (const host of ownHosts()) {
      const url = `http://${host}:${receiverPort}/hook`;
      const save = await fetch(`${served().url}/admin/settings/webhooks`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({
          intent: "save",
          url,
          format: "json",
          events: "deal.published",
          batches: "summary",
        }),
      });
      expect(save.status, url).toBe(400);
      expect(await save.text(), url).toContain("Webhooks post to public addresses only");

      // A hook stored when its address was allowed (a test server) is still not posted to.
      const stored = await saveWebhook(
        served().app.db,
        appSecret,
        undefined,
        { url, format: "json", events: ["deal.published"], batches: "summary" },
        { allowPrivate: true },
      );
      if (!stored.ok) throw new Error(`could not store ${url}`);
      const sent = await sendTestWebhook(served().app.db, appSecret, stored.id, {
        allowPrivate: false,
        siteUrl: "http://localhost",
      });
      expect(sent, url).toMatchObject({ ok: false, status: null });
    }
    expect(posted).toEqual([]);
  });

  it("are refused for the link checker, the app's own port included", async () => {
    const appPort = new URL(served().url).port;
    for (const host of ownHosts()) {
      for (const port of [appPort, String(receiverPort)]) {
        const outcome = await checkLink(`http://${host}:${port}/`, {
          userAgent: "test",
          timeoutMs: 2_000,
          allowPrivate: false,
        });
        expect(outcome.ok, `${host}:${port}`).toBe(false);
      }
    }
    expect(posted).toEqual([]);
  });
});
