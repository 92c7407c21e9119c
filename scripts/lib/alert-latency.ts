import fs from "node:fs";

import { SmtpTestServer } from "../../tests/support/smtp-test-server";
import { signInOverHttp } from "./admin-over-http";
import { startServer, tempDataDir } from "./server-process";
import { percentile } from "./stats";

// Time from an admin publishing a deal to its alert landing in an SMTP server: a real server with a real
// SMTP server (the tests' own), one confirmed alert, deals published one after another through the admin form.

const admin = { email: "alerts-bench@dealdash.test", password: "alerts-bench-password" };

async function waitFor<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runAlertLatencyBench({ samples }: { samples: number }): Promise<void> {
  const smtp = await new SmtpTestServer().start();
  const dataDir = tempDataDir("dealdash-alert-bench-");
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SMTP_URL: smtp.url, LINK_CHECKS_PER_MINUTE: "0" },
  });
  try {
    const created = await fetch(`${server.url}/alerts/new`, {
      method: "POST",
      body: new URLSearchParams({ email: "bench-reader@example.com", keywords: "benchalert" }),
    });
    if (!created.ok) throw new Error(`creating the alert answered ${created.status}`);
    const confirmation = await waitFor(() => smtp.received[0], 60_000);
    const confirmLink = confirmation.text!.match(/http\S+\/alerts\/confirm\?\S+/)![0];
    await fetch(confirmLink).then((response) => response.arrayBuffer());
    const cookie = await signInOverHttp(server.url, admin);
    const { options } = (await fetch(`${server.url}/admin/options/store?q=a`, { headers: { cookie } }).then(
      (response) => response.json(),
    )) as {
      options: Array<{ id: string }>;
    };
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const title = `BenchAlert deal ${i}`;
      const published = performance.now();
      const answer = await fetch(`${server.url}/admin/deals/add`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie },
        body: new URLSearchParams({
          storeId: options[0]!.id,
          title,
          shortDescription: "Alert latency sample",
          imageUrl: "https://example.com/bench.png",
          affiliateUrl: "https://example.com/bench",
          currentPrice: "10",
          status: "published",
        }),
      });
      if (answer.status !== 302) throw new Error(`publishing a deal answered ${answer.status}`);
      await waitFor(() => smtp.received.find((mail) => mail.subject === `Deal alert: ${title}`), 300_000);
      latencies.push(performance.now() - published);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `\ndeal alert latency, publish to SMTP (${samples} deals, one after another): p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s  p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s  max ${(latencies.at(-1)! / 1000).toFixed(2)} s`,
    );
  } finally {
    await server.stop();
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
