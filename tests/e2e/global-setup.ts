import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { basePort, runDir, startShop } from "./shop-server";

/** The newest modification time under the given files and folders. */
function newest(paths: string[]): number {
  let latest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else for (const entry of fs.readdirSync(p)) latest = Math.max(latest, newest([path.join(p, entry)]));
  }
  return latest;
}

/**
 * Builds the production bundle when it is missing or older than its sources (`npm test` builds in a
 * phase of its own before, so this finds it fresh), then prepares the run's template DATA_DIR: the
 * shop started once on an empty folder migrates and seeds its embedded database, then stops. Each
 * worker copies the template (fixtures.ts), so the migrations and the seed run once per run.
 */
export default async function globalSetup() {
  const built = fs.existsSync("build/server/index.js") ? fs.statSync("build/server/index.js").mtimeMs : 0;
  if (built < newest(["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"])) {
    console.log(built ? "The build is older than its sources: building." : "No production build: building.");
    const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("The production build failed");
  }

  const dir = runDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.env.E2E_RUN_DIR = dir;
  const template = path.join(dir, "template");
  const shop = await startShop({ port: basePort, dataDir: template, logFile: path.join(dir, "template.log"), smtpPort: basePort + 10_000, aiPort: basePort + 2 });
  await shop.stop();
  process.env.E2E_TEMPLATE_DIR = template;
  // The workers' logs and mail stay in the run's folder for a look after a failure (the next run clears it).
  return () => fs.rmSync(template, { recursive: true, force: true });
}
