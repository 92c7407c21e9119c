import { spawnSync } from "node:child_process";

import { describe, expect } from "vitest";

import { projectRoot, startServer } from "../../scripts/lib/server-process";
import { adminCredentials, baseUrl, dataDirsPerFile, submitLogin, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-accounts-");

/** Signs in over HTTP; true when the server answers with the redirect to /admin. */
async function canSignIn(url: string, email: string, password: string): Promise<boolean> {
  const response = await fetch(`${url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password }),
  });
  return response.status === 302 && response.headers.get("location") === "/admin";
}

const owner = { email: "owner@example.com", password: "owner-password" };
const createUser = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/user-create.ts", ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", VITEST: "" },
    encoding: "utf8",
  });

describe("admin accounts", () => {
  // One data directory through two starts: the first admin, then `npm run user:create` while the server is stopped.
  test("the first comes from ADMIN_EMAIL/ADMIN_PASSWORD once; npm run user:create adds one while the server is stopped", async () => {
    const dir = dataDir();
    const first = await startServer({
      dataDir: dir,
      env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
    });
    try {
      expect(await canSignIn(first.url, owner.email, owner.password)).toBe(true);
      // Bad input is answered at once; good input asks for the server to be stopped.
      const tooShort = createUser(dir, "--email", "second@example.com", "--password", "short");
      expect(tooShort.status).toBe(1);
      expect(tooShort.stderr).toContain("Password must be at least 8 characters");
      const locked = createUser(dir, "--email", "second@example.com", "--password", "second-password");
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain("The server has to be stopped first");
    } finally {
      await first.stop();
    }

    const created = createUser(
      dir,
      ...["--email", "second@example.com", "--password", "second-password", "--role", "editor"],
    );
    expect(created.stdout).toContain("Created editor second@example.com");
    expect(created.status).toBe(0);

    const second = await startServer({
      dataDir: dir,
      env: { ADMIN_EMAIL: "intruder@example.com", ADMIN_PASSWORD: "intruder-password" },
    });
    try {
      expect(await canSignIn(second.url, owner.email, owner.password)).toBe(true);
      expect(await canSignIn(second.url, "second@example.com", "second-password")).toBe(true);
      expect(await canSignIn(second.url, "intruder@example.com", "intruder-password")).toBe(false);
      expect(second.output()).not.toContain("/admin/setup?token=");
    } finally {
      await second.stop();
    }
  });

  test("without ADMIN_EMAIL/ADMIN_PASSWORD, the first comes from the one-time setup link printed at start", async ({
    openPage,
  }) => {
    const server = await startServer({ dataDir: dataDir(), env: { LOG_LEVEL: "info" } });
    try {
      const link = server.output().match(/\/admin\/setup\?token=[A-Za-z0-9_-]+/)?.[0];
      expect(link).toBeDefined();
      expect((await fetch(`${server.url}/admin/setup?token=wrong`)).status).toBe(404);

      const { page } = await openPage({ url: server.url });
      await page.goto(link!);
      await page.getByLabel("Email").fill("first@example.com");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Confirm password").fill("short");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await page.getByText("Password must be at least 8 characters").waitFor();

      await page.getByLabel("Password", { exact: true }).fill("first-password");
      await page.getByLabel("Confirm password").fill("first-password");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.getByText("Content Management").waitFor();

      // The link worked once.
      expect((await fetch(`${server.url}${link}`)).status).toBe(404);
      expect(await canSignIn(server.url, "first@example.com", "first-password")).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe("brute-force protection", () => {
  // On the lane's server, from an address of its own: the block holds for that address, so the other files
  // on the lane still sign in (the email's failures slow its sign-in down until the next one succeeds:
  // modules/users/login-attempts.server.ts).
  test("after six wrong passwords refuses even the right one, with the rate-limit message", async ({ openPage }) => {
    const from = { "X-Forwarded-For": "203.0.113.66" };
    const { email, password } = adminCredentials();
    const { page } = await openPage({ headers: from });
    for (let i = 0; i < 6; i++) {
      await submitLogin(page, email, `wrong-password-${i}`);
      await page.locator("[data-sonner-toast]").first().waitFor();
    }
    await submitLogin(page, email, password);
    await toastWith(page, "Too many failed sign-in attempts").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    const response = await fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      headers: from,
      body: new URLSearchParams({ email, password }),
    });
    expect(response.status).toBe(429);
  });
});
