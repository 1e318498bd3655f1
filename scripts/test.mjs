// `npm test`: typecheck, lint, unit + integration tests on PGlite, the integration suite again on
// PostgreSQL when TEST_DATABASE_URL is set, then end-to-end tests in Chromium on a production build.
import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";

function step(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`--- ${title}: ${r.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const only = process.argv[2];
if (!only || only === "static") {
  step("typecheck", "npx", ["react-router", "typegen"]);
  step("typecheck (tsc)", "npx", ["tsc"]);
  step("lint", "npx", ["eslint", "."]);
}
if (!only || only === "unit") {
  step("unit and integration tests (PGlite)", "npx", ["vitest", "run"], { NODE_ENV: "test" });
  if (process.env.TEST_DATABASE_URL) {
    step("integration tests (PostgreSQL)", "npx", ["vitest", "run", "tests/integration"], { NODE_ENV: "test", TEST_DB: "postgres" });
  } else {
    console.log("\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run of the integration suite.");
  }
}
if (!only || only === "e2e") {
  process.env.CHROME_PATH = findChromium();
  step("production build", "npx", ["react-router", "build"]);
  if (process.env.TEST_DATABASE_URL) {
    step("system tests (app processes on PostgreSQL)", "npx", ["vitest", "run", "--config", "vitest.system.config.ts"], { NODE_ENV: "test" });
  } else {
    console.log("\nTEST_DATABASE_URL is not set: skipping the system tests (crash, outage, several instances).");
  }
  step("end-to-end tests (Chromium)", "npx", ["playwright", "test"], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
}
