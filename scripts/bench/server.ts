import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/** Starts the production build on a fresh embedded database (or DATABASE_URL when given). */
export async function startServer(port: number, env: Record<string, string> = {}, opts: { quiet?: boolean } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" profiles the shop under the bench's load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn("node", [...nodeArgs, "scripts/serve.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: `http://localhost:${port}`, ...env },
    // quiet: the access log is written (as in production) but not shown.
    stdio: ["ignore", opts.quiet ? "ignore" : "inherit", "inherit"],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync("getconf CLK_TCK").toString()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used so far (user + system, from /proc; 0 where there is no /proc). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the command's ") ".
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
