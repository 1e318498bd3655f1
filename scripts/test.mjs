// `npm test`: every check the project has, its phases run concurrently where they do not depend on
// each other (docs/testing.md), and a table of each phase's wall time at the end.
//
//   production build ──┬─ end-to-end tests (Chromium, one shop per worker)
//   seed artwork ──────┼─ system tests (app processes on PostgreSQL, with TEST_DATABASE_URL)
//                      ├─ unit + integration tests on PGlite
//                      └─ integration tests on PostgreSQL (with TEST_DATABASE_URL)
//   typecheck ─ lint
//
// `npm test -- static|unit|e2e` runs one group. Each phase's output is kept and printed as a block
// when the phase ends, so concurrent phases do not interleave. TEST_JOBS caps how many phases run at
// once (default: one per CPU core, at least 2).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./chromium.mjs";

const only = process.argv[2];
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** name, group, command, environment, the phases it waits for, and why it is skipped (if it is). */
const phases = [
  // Listed in the order they claim a free slot: the build and the artwork first, since the longest
  // phase (end-to-end) waits for both; the rest share the other slot while it runs.
  { name: "production build", group: "e2e", cmd: "npx react-router build" },
  { name: "seed artwork", group: "all", cmd: "npx tsx scripts/render-artwork.ts" },
  {
    name: "end-to-end (Chromium)",
    group: "e2e",
    cmd: "npx playwright test",
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    after: ["production build", "seed artwork"],
  },
  { name: "typecheck", group: "static", cmd: "npx react-router typegen && npx tsc" },
  { name: "lint", group: "static", cmd: "npx eslint .", after: ["typecheck"] },
  { name: "unit + integration (PGlite)", group: "unit", cmd: "npx vitest run", env: { NODE_ENV: "test" }, after: ["seed artwork"] },
  {
    name: "integration (PostgreSQL)",
    group: "unit",
    cmd: "npx vitest run tests/integration",
    env: { NODE_ENV: "test", TEST_DB: "postgres" },
    after: ["seed artwork"],
    skip: postgres ? undefined : "TEST_DATABASE_URL is not set",
  },
  {
    name: "system tests (PostgreSQL)",
    group: "e2e",
    cmd: "npx vitest run --config vitest.system.config.ts",
    env: { NODE_ENV: "test" },
    after: ["production build", "seed artwork"],
    skip: postgres ? undefined : "TEST_DATABASE_URL is not set (crash, outage, several instances)",
  },
].filter((p) => !only || p.group === only || (p.group === "all" && only !== "static"));

if (phases.length === 0) {
  console.error(`Unknown group "${only}": use static, unit or e2e.`);
  process.exit(2);
}
if (phases.some((p) => p.group === "e2e")) process.env.CHROME_PATH = findChromium();

const maxJobs = Number(process.env.TEST_JOBS) || Math.max(2, os.availableParallelism());
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-test-"));
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const state = new Map(phases.map((p) => [p.name, { status: p.skip ? "skipped" : "waiting" }]));
let running = 0;

function ready(p) {
  return (p.after ?? []).every((name) => !state.has(name) || state.get(name).status === "ok" || state.get(name).status === "skipped");
}
function blocked(p) {
  return (p.after ?? []).some((name) => ["FAILED", "not run"].includes(state.get(name)?.status));
}

function schedule() {
  for (const p of phases) {
    const s = state.get(p.name);
    if (s.status !== "waiting") continue;
    if (blocked(p)) {
      s.status = "not run";
      continue;
    }
    if (running >= maxJobs || !ready(p)) continue;
    start(p, s);
  }
  if (running === 0 && [...state.values()].every((s) => s.status !== "waiting")) finish();
}

function start(p, s) {
  running++;
  s.status = "running";
  s.start = Date.now();
  s.log = path.join(logDir, `${p.name.replace(/\W+/g, "-")}.log`);
  const out = fs.openSync(s.log, "w");
  console.log(`[${seconds(s.start - started)} s] ${p.name}: started`);
  // bash's `times` reports the CPU its children used (user + system): what the phase costs on any
  // machine, whatever else was running beside it.
  const cpuFile = `${s.log}.cpu`;
  const script = `${p.cmd}\nstatus=$?\ntimes > '${cpuFile}'\nexit $status`;
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", out, out], env: { ...process.env, ...p.env, FORCE_COLOR: "0" } });
  child.on("exit", (code) => {
    fs.closeSync(out);
    running--;
    s.end = Date.now();
    s.cpu = cpuSeconds(cpuFile);
    s.status = code === 0 ? "ok" : "FAILED";
    console.log(`\n=== ${p.name} (${s.status}, ${seconds(s.end - s.start)} s) ===`);
    process.stdout.write(fs.readFileSync(s.log, "utf8"));
    schedule();
  });
}

/** The children's user + system seconds from the second line of `times` ("1m2.5s 0m3.1s"). */
function cpuSeconds(file) {
  const line = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n")[1] : undefined;
  const parts = [...(line ?? "").matchAll(/(\d+)m([\d.]+)s/g)];
  return parts.length === 2 ? parts.reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0) : undefined;
}

function finish() {
  const total = Date.now() - started;
  const rows = phases.map((p) => {
    const s = state.get(p.name);
    const cpu = s.cpu === undefined ? "" : `${s.cpu.toFixed(1)} s`;
    const timing = s.start ? `${seconds(s.start - started).padStart(7)} s ${seconds(s.end - s.start).padStart(7)} s ${cpu.padStart(9)}` : "".padStart(29);
    return `  ${p.name.padEnd(30)} ${s.status.padEnd(8)} ${timing}${p.skip ? `  (${p.skip})` : ""}`;
  });
  console.log(`\n=== npm test summary (${os.availableParallelism()} cores, at most ${maxJobs} phases at once, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}) ===`);
  const cpuTotal = [...state.values()].reduce((sum, s) => sum + (s.cpu ?? 0), 0);
  console.log(`  ${"phase".padEnd(30)} ${"result".padEnd(8)} ${"starts at".padStart(9)} ${"wall time".padStart(9)} ${"CPU time".padStart(9)}`);
  console.log(rows.join("\n"));
  console.log(`  ${"total".padEnd(30)} ${"".padEnd(8)} ${"".padStart(9)} ${`${seconds(total)} s`.padStart(9)} ${`${cpuTotal.toFixed(1)} s`.padStart(9)}`);
  fs.rmSync(logDir, { recursive: true, force: true });
  process.exit([...state.values()].every((s) => s.status === "ok" || s.status === "skipped") ? 0 : 1);
}

// Ctrl-C stops the phases' process groups with it.
process.on("SIGINT", () => process.exit(130));
schedule();
