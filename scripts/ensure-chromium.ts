import { execFileSync } from "node:child_process";
import fs from "node:fs";

const candidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** The browser for the end-to-end tests: CHROME_PATH, then the usual install locations. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Finds Chromium; on a Debian machine where we are root and none is installed, installs Debian's package. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const debian = fs.existsSync("/etc/debian_version");
  const root = process.getuid?.() === 0;
  if (!debian || !root) {
    throw new Error("Chromium was not found. Install it (Debian: apt-get install chromium) or set CHROME_PATH.");
  }
  console.log("Installing Debian's chromium for the browser tests…");
  execFileSync("apt-get", ["update", "-q"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-q", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  const installed = findChromium();
  if (!installed) throw new Error("Installing chromium did not provide a browser binary.");
  return installed;
}
