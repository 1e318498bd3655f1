import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error plain ESM helper shared with the test script
import { findChromium } from "./scripts/chromium.mjs";

/**
 * End-to-end tests in Debian's Chromium against the production build. The global setup builds if
 * needed and seeds one template database; every worker runs its own shop on a copy of it
 * (tests/e2e/fixtures.ts, shop-server.ts), so tests run fully parallel and in any order.
 * PW_WORKERS sets the number of workers (default: one per CPU core); E2E_PORT the run's base port.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: Number(process.env.PW_WORKERS) || os.availableParallelism(),
  retries: 0,
  // A test has the machine to itself no longer: with one worker per core, a journey takes up to twice
  // its time alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // A trace costs about a sixth of the suite's CPU and CI's run leaves nothing on disk to open:
    // PW_TRACE=on records one for each failing test when you need it (docs/testing.md).
    trace: process.env.PW_TRACE === "on" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
