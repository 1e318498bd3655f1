import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN } from "./admin-account";

/**
 * The shops of an end-to-end run (docs/testing.md). The global setup starts the production build once
 * on a fresh embedded database, which migrates and seeds it (and renders the seed's artwork), then
 * stops it: that DATA_DIR is the run's template. Each Playwright worker copies the template and runs
 * its own shop on its own port, so no test shares a database with a test running at the same time.
 *
 * Ports: E2E_PORT (default 3210) is the run's base; the template's shop uses it, and the worker with
 * parallel index i uses base + 20 * (i + 1), its fake AI that + 2 and its SMTP capture that + 10,000.
 */
export const basePort = Number(process.env.E2E_PORT ?? 3210);

/** The port of this worker's shop (Playwright sets TEST_PARALLEL_INDEX in each worker process). */
export function workerPort(parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  return basePort + 20 * (parallelIndex + 1);
}

/** Everything of one run (template, worker shops, their logs and mail) lives under this folder. */
export function runDir(): string {
  return process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), `shop-e2e-${basePort}`);
}

export type Shop = { url: string; port: number; dataDir: string; logFile: string; stop: () => Promise<void> };

/** Starts `node scripts/serve.mjs` (the production build) on DATA_DIR and waits until it answers /healthz. */
export async function startShop(opts: { port: number; dataDir: string; logFile: string; smtpPort: number; aiPort: number }): Promise<Shop> {
  const url = `http://localhost:${opts.port}`;
  const log = fs.openSync(opts.logFile, "a");
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      NODE_ENV: "production",
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "info",
      // Mail goes to this worker's SMTP capture (mail-capture.ts).
      SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}`,
      // As behind a local reverse proxy: each test presents its own client address (fixtures.ts),
      // so rate limits apply per test as they would per visitor.
      TRUST_PROXY: "loopback",
      // The AI writer talks to the fake providers of fake-ai.ts, and gives up sooner.
      AI_BASE_URL_GEMINI: `http://127.0.0.1:${opts.aiPort}/gemini`,
      AI_BASE_URL_DEEPSEEK: `http://127.0.0.1:${opts.aiPort}/deepseek`,
      AI_TIMEOUT_MS: "4000",
      // The abandoned checkout reminder after 36 seconds, not 3 hours (checkout-reminder.spec.ts).
      REMINDER_DELAY_HOURS: "0.01",
      GEMINI_API_KEY: "",
      DEEPSEEK_API_KEY: "",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await waitForHealth(url, child, opts.logFile);
  return { url, port: opts.port, dataDir: opts.dataDir, logFile: opts.logFile, stop: () => stop(child, exited) };
}

/** Polls /healthz until it answers 200; fails with the end of the log if the process exits first. */
async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  // The first start on a checkout renders the seed's artwork into .cache/artwork (a minute or two on
  // a loaded 2-core machine); later starts copy it from there.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited (${child.exitCode}) before answering:\n${tail(logFile)}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`The shop on ${url} did not answer /healthz within 300 s:\n${tail(logFile)}`);
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  // The shop closes within 10 s of the signal (scripts/serve.mjs); past that, it is stuck.
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").slice(-30).join("\n") : "(no log)";
}
