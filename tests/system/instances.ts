import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Real app processes (the production build, `node scripts/serve.mjs`) for the system tests: crash,
 * database outage and several instances on one PostgreSQL. Nothing is mocked: these talk HTTP.
 */
export type Instance = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Sends a signal and waits for the process to exit; resolves with the exit code (null when killed). */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export const TEST_SECRET = "system-test-secret-system-test-secret-0123";
export const TEST_ADMIN = { email: "ops-admin@example.com", password: "a-long-system-test-password" };

/**
 * A port nobody listens on, chosen by the OS. A fixed range derived from the pid collided across the
 * engineers running system tests on this machine at once: an instance that could not bind exited,
 * and /readyz was answered by someone else's shop on another database.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts one instance on `databaseUrl` and waits until /readyz says the database is reachable. */
export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("system tests need a production build: run `npx react-router build` first");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-system-"));
  let output = "";
  const child = spawn("node", ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: TEST_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  try {
    // An exit ends the wait at once (waitFor treats a throwing check as "not yet"). Its own "shop
    // ready" line first: only then is the process answering on the port this one.
    await waitFor(
      async () => child.exitCode !== null || (output.includes("shop ready") && (await fetch(`${url}/readyz`)).ok),
      `instance on port ${port}`,
      120_000,
    );
    if (child.exitCode !== null) throw new Error(`instance exited early:\n${output}`);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
