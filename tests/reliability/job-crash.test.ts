import fs from "node:fs";

import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "#app/db/client.server";

import { startServer, tempDataDir } from "../../scripts/lib/server-process";
import { SmtpTestServer } from "../support/smtp-test-server";

// A background run killed with its process (kill -9 while sending mail) must not hold its job until
// pg-boss's expiry (ten minutes and more): the restarted server hands it back to the queue at once, and
// what the killed run had not finished is sent, once. On the embedded database; the hand-back's queries
// run on PostgreSQL too in the job queue's integration test.

const smtp = await new SmtpTestServer().start();
const dataDir = tempDataDir("dealdash-job-crash-");
afterAll(async () => {
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

describe("a background run killed with its process", () => {
  it("is run again soon after a restart, and its mail is sent once", async () => {
    const env = { SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM: "DealDash <deals@dealdash.test>" };
    smtp.holding = true;
    const server = await startServer({ dataDir, env });
    const signUp = await fetch(`${server.url}/newsletter/subscribe`, {
      method: "POST",
      body: new URLSearchParams({ email: "crash@example.com" }),
    });
    expect(signUp.status).toBe(200);
    // The send-mail run is mid-message when the process dies.
    await expect.poll(() => smtp.held).toBe(1);
    server.child.kill("SIGKILL");
    await new Promise((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null
        ? resolve(null)
        : server.child.once("exit", resolve),
    );

    // The run's last beat was a minute ago, as if the restart came that much later (the 30 s a beat may be
    // late is the job queue's own test's; here, a restart hands the run back at once).
    const handle = await openDatabase({ kind: "pglite", dataDir });
    try {
      await handle.runSql("UPDATE job_heartbeats SET beat_at = beat_at - interval '1 minute'");
      await handle.runSql("UPDATE pgboss.job SET started_on = started_on - interval '1 minute' WHERE state = 'active'");
    } finally {
      await handle.close();
    }
    smtp.holding = false;
    const restarted = await startServer({ dataDir, env });
    try {
      const sentTo = () =>
        smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes("crash@example.com")).length;
      // Without the hand-back the run stayed "active" until its expiry (10 minutes) and nothing was sent meanwhile.
      await expect.poll(sentTo, { timeout: 60_000, interval: 250 }).toBe(1);
      // A later sign-up's mail goes out too, and the first is not sent again.
      await fetch(`${restarted.url}/newsletter/subscribe`, {
        method: "POST",
        body: new URLSearchParams({ email: "after@example.com" }),
      });
      await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 250 }).toBe(2);
      expect(sentTo()).toBe(1);
    } finally {
      await restarted.stop();
    }
  });
});
