import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, tempDataDir } from "../../scripts/lib/server-process";
import { SmtpTestServer } from "../support/smtp-test-server";

// A background run killed with its process (kill -9 while sending mail) must not hold its job until
// pg-boss's expiry (ten minutes and more): the restarted server hands it back to the queue at once, and
// what the killed run had not finished is sent, once.

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
    const signUp = await fetch(`${server.url}/newsletter/subscribe`, { method: "POST", body: new URLSearchParams({ email: "crash@example.com" }) });
    expect(signUp.status).toBe(200);
    // The send-mail run is mid-message when the process dies.
    await expect.poll(() => smtp.held).toBe(1);
    server.child.kill("SIGKILL");
    await new Promise((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once("exit", resolve)));

    smtp.holding = false;
    const restarted = await startServer({ dataDir, env });
    try {
      const sentTo = () => smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes("crash@example.com")).length;
      // Without the hand-back the run stayed "active" until its expiry and nothing was sent meanwhile.
      await expect.poll(sentTo, { timeout: 120_000, interval: 500 }).toBe(1);
      // A later sign-up's mail goes out too, and the first is not sent again.
      await fetch(`${restarted.url}/newsletter/subscribe`, { method: "POST", body: new URLSearchParams({ email: "after@example.com" }) });
      await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 250 }).toBe(2);
      expect(sentTo()).toBe(1);
    } finally {
      await restarted.stop();
    }
  });
});
