// Finds the system Chromium for end-to-end tests: CHROME_PATH, /usr/bin/chromium, or Debian's
// package installed on the spot when running as root. Test tools never download a browser here.
import { execSync } from "node:child_process";
import fs from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  for (const c of candidates) if (fs.existsSync(c)) return c;
  if (process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "Chromium is needed for the end-to-end tests: install Debian's `chromium` package or set CHROME_PATH.",
  );
}
