// Finds the system Chromium for end-to-end tests: CHROME_PATH, Debian's chromium-headless-shell (the
// "old" headless browser Playwright itself uses for headless runs: on a 42-test sample it cost 130
// CPU-seconds against 200 for the full browser in headless mode), /usr/bin/chromium, or the shell
// installed on the spot when running as root. Test tools never download a browser here.
import { execSync } from "node:child_process";
import fs from "node:fs";

// Lighthouse asks for the full browser (`{ shell: false }`).
export function findChromium({ shell = true } = {}) {
  const candidates = [process.env.CHROME_PATH, shell && "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  for (const c of candidates) if (fs.existsSync(c)) return c;
  if (shell && process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium-headless-shell package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", { stdio: "inherit" });
    if (fs.existsSync("/usr/bin/chromium-headless-shell")) return "/usr/bin/chromium-headless-shell";
  }
  throw new Error(
    "Chromium is needed for the end-to-end tests: install Debian's `chromium-headless-shell` (or `chromium`) package or set CHROME_PATH.",
  );
}
