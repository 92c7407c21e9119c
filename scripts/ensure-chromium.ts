import { execFileSync } from "node:child_process";
import fs from "node:fs";

// The headless shell first: the same Chromium without the desktop browser around it, it does the browser
// tests' work with about half the CPU.
const candidates = [
  "/usr/bin/chromium-headless-shell",
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

/** Finds Chromium; on a Debian machine where we are root and none is installed, installs Debian's headless shell. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const debian = fs.existsSync("/etc/debian_version");
  const root = process.getuid?.() === 0;
  if (!debian || !root) {
    throw new Error(
      "Chromium was not found. Install it (Debian: apt-get install chromium-headless-shell) or set CHROME_PATH.",
    );
  }
  console.log("Installing Debian's chromium-headless-shell for the browser tests…");
  execFileSync("apt-get", ["update", "-q"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-q", "chromium-headless-shell"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const installed = findChromium();
  if (!installed) throw new Error("Installing chromium-headless-shell did not provide a browser binary.");
  return installed;
}
