import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";

/**
 * One load run against a URL: wrk when installed (a C load generator: it measures the server, not
 * itself, up to nginx's rates), else autocannon (Node; it saturates near 15-20k req/s on this
 * machine, which flatters the ratio to nginx). 10 connections, the load generator on the same cores.
 */
export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

const run = promisify(execFile);
let hasWrk: boolean | undefined;

export async function loadTool(): Promise<"wrk" | "autocannon"> {
  // `wrk --version` exits 1 after printing its banner; only a missing binary is "not installed".
  if (hasWrk === undefined) hasWrk = await run("wrk", ["--version"]).then(() => true, (e: { code?: unknown }) => e.code !== "ENOENT");
  return hasWrk ? "wrk" : "autocannon";
}

/** wrk's "1.23ms" / "456.00us" / "1.20s" in ms. */
function ms(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return Math.round((m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n) * 100) / 100;
}

export async function load(url: string, opts: { seconds?: number; connections?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const seconds = opts.seconds ?? 8;
  const connections = opts.connections ?? 10;
  const headers = opts.headers ?? {};
  if ((await loadTool()) === "wrk") {
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
    const { stdout } = await run("wrk", args, { maxBuffer: 1 << 20 });
    const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    return {
      requestsPerSecond: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
      p50: ms(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? ""),
      p99: ms(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? ""),
      errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
      non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    };
  }
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
