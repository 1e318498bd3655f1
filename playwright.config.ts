import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error plain ESM helper shared with the test script
import { findChromium } from "./scripts/chromium.mjs";
import { ADMIN } from "./tests/e2e/admin-account";
import { smtpPort } from "./tests/e2e/mail-capture";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shop-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
// Everything the server prints goes to this file; tests/e2e/zz-server-log.spec.ts reads it last.
const logFile = process.env.E2E_LOG_FILE ?? path.join(os.tmpdir(), `shop-e2e-${process.pid}.log`);
process.env.E2E_LOG_FILE = logFile;

/** End-to-end tests in Debian's Chromium against the production build, on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/serve.mjs > ${logFile} 2>&1`,
    url: `http://localhost:${port}/healthz`,
    // The first run on a checkout also renders the seed's artwork into .cache/artwork (a minute or
    // two on a loaded 2-core machine); later runs copy it from there in under a second.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "info",
      // Mail goes to the capture server of tests/e2e/global-setup.ts.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // As behind a local reverse proxy: each test presents its own client address (fixtures.ts),
      // so rate limits apply per test as they would per visitor.
      TRUST_PROXY: "loopback",
      // The AI writer talks to the fake providers of tests/e2e/fake-ai.ts (port + 2), and gives up sooner.
      AI_BASE_URL_GEMINI: `http://127.0.0.1:${port + 2}/gemini`,
      AI_BASE_URL_DEEPSEEK: `http://127.0.0.1:${port + 2}/deepseek`,
      AI_TIMEOUT_MS: "4000",
      GEMINI_API_KEY: "",
      DEEPSEEK_API_KEY: "",
    },
  },
});
