// `npm test`: every check the project has, its phases run concurrently where they do not depend on
// each other and the cores allow (docs/testing.md), and a table of each phase's wall time at the end.
//
//   production build ──┬─ end-to-end tests (Chromium, one shop per worker)
//   seed artwork ──────┼─ system tests (app processes on PostgreSQL, with TEST_DATABASE_URL)
//                      ├─ unit + integration tests on PGlite
//                      └─ integration tests on PostgreSQL (with TEST_DATABASE_URL)
//   typecheck ─ lint
//
// `npm test -- static|unit|e2e` runs one group. Each phase's output is kept and printed as a block
// when the phase ends, so concurrent phases do not interleave. Each phase says how many cores it
// keeps busy; phases start in the order listed while the busy cores stay within TEST_CORES (default:
// the machine's cores + 1, since no phase keeps its cores busy all the time).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { findChromium } from "./chromium.mjs";

const only = process.argv[2];
const postgres = Boolean(process.env.TEST_DATABASE_URL);

const machineCores = os.availableParallelism();
/** Playwright's workers (playwright.config.ts): one per core unless PW_WORKERS says otherwise. */
const e2eWorkers = Number(process.env.PW_WORKERS) || machineCores;

/**
 * name, group, command, environment, the phases it waits for, the cores it keeps busy (default 1),
 * and why it is skipped (if it is). Listed in the order they claim cores: the build and the artwork
 * first, since the longest phase (end-to-end) waits for both and then comes before everything else;
 * the one-core phases fill the core it leaves; the Vitest runs (two workers each) come last.
 */
const phases = [
  { name: "production build", group: "e2e", cmd: "npx react-router build" },
  { name: "seed artwork", group: "all", cmd: "npx tsx scripts/render-artwork.ts" },
  {
    name: "end-to-end (Chromium)",
    group: "e2e",
    cmd: "npx playwright test",
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    after: ["production build", "seed artwork"],
    cores: e2eWorkers,
  },
  { name: "typecheck", group: "static", cmd: "npx react-router typegen && npx tsc" },
  {
    name: "system tests (PostgreSQL)",
    group: "e2e",
    cmd: "npx vitest run --config vitest.system.config.ts",
    env: { NODE_ENV: "test" },
    after: ["production build", "seed artwork"],
    skip: postgres ? undefined : "TEST_DATABASE_URL is not set (crash, outage, several instances)",
  },
  { name: "lint", group: "static", cmd: "npm run lint", after: ["typecheck"] },
  { name: "unit + integration (PGlite)", group: "unit", cmd: "npx vitest run", env: { NODE_ENV: "test" }, after: ["seed artwork"], cores: 2 },
  {
    name: "integration (PostgreSQL)",
    group: "unit",
    cmd: "npx vitest run tests/integration",
    env: { NODE_ENV: "test", TEST_DB: "postgres" },
    after: ["seed artwork"],
    cores: 2,
    skip: postgres ? undefined : "TEST_DATABASE_URL is not set",
  },
].filter((p) => !only || p.group === only || (p.group === "all" && only !== "static"));

if (phases.length === 0) {
  console.error(`Unknown group "${only}": use static, unit or e2e.`);
  process.exit(2);
}
if (phases.some((p) => p.group === "e2e")) process.env.CHROME_PATH = findChromium();

// The seed artwork's AVIF at libaom's fastest effort: the same renditions, a fifth bigger, drawn in
// under half the time (the artwork phase is on the end-to-end phase's critical path).
process.env.SEED_ARTWORK_AVIF_EFFORT ??= "0";

const maxCores = Number(process.env.TEST_CORES) || machineCores + 1;
/** A phase wider than the whole budget runs alone. */
const coresOf = (p) => Math.min(p.cores ?? 1, maxCores);
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-test-"));
const started = Date.now();
/** Busy CPU seconds of the whole machine so far (every process: browsers' renderers and PostgreSQL too). */
const machineCpu = () => os.cpus().reduce((sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0) / 1000;
const cpuAtStart = machineCpu();
const seconds = (ms) => (ms / 1000).toFixed(1);
const state = new Map(phases.map((p) => [p.name, { status: p.skip ? "skipped" : "waiting" }]));
let busyCores = 0;

function ready(p) {
  return (p.after ?? []).every((name) => !state.has(name) || state.get(name).status === "ok" || state.get(name).status === "skipped");
}
function blocked(p) {
  return (p.after ?? []).some((name) => ["FAILED", "not run"].includes(state.get(name)?.status));
}

/**
 * Starts ready phases in the listed order while their cores fit. A ready phase that does not fit
 * stops the pass: a wide phase (end-to-end) is never kept waiting by narrow ones starting after it.
 */
function schedule() {
  for (const p of phases) {
    const s = state.get(p.name);
    if (s.status !== "waiting") continue;
    if (blocked(p)) {
      s.status = "not run";
      continue;
    }
    if (!ready(p)) continue;
    if (busyCores + coresOf(p) > maxCores) break;
    start(p, s);
  }
  if (busyCores === 0 && [...state.values()].every((s) => s.status !== "waiting")) finish();
}

function start(p, s) {
  busyCores += coresOf(p);
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
    busyCores -= coresOf(p);
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

const FAILED_TAIL_LINES = 60;
/** Lines of a failure report that say nothing in CI's copy: attachments, their rules, blank lines. */
const NOISE = /^\s*$|attachment #\d|^\s*─+\s*$|Error Context:|^\s*test-results\//;

function finish() {
  const total = Date.now() - started;
  const rows = phases.map((p) => {
    const s = state.get(p.name);
    const cpu = s.cpu === undefined ? "" : `${s.cpu.toFixed(1)} s`;
    const timing = s.start ? `${seconds(s.start - started).padStart(7)} s ${seconds(s.end - s.start).padStart(7)} s ${cpu.padStart(9)}` : "".padStart(29);
    return `  ${p.name.padEnd(30)} ${s.status.padEnd(8)} ${timing}${p.skip ? `  (${p.skip})` : ""}`;
  });
  console.log(`\n=== npm test summary (${machineCores} cores, phases kept within ${maxCores} busy cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}) ===`);
  const cpuTotal = [...state.values()].reduce((sum, s) => sum + (s.cpu ?? 0), 0);
  console.log(`  ${"phase".padEnd(30)} ${"result".padEnd(8)} ${"starts at".padStart(9)} ${"wall time".padStart(9)} ${"CPU time".padStart(9)}`);
  console.log(rows.join("\n"));
  console.log(`  ${"total".padEnd(30)} ${"".padEnd(8)} ${"".padStart(9)} ${`${seconds(total)} s`.padStart(9)} ${`${cpuTotal.toFixed(1)} s`.padStart(9)}`);
  console.log(
    `  machine CPU over the run: ${(machineCpu() - cpuAtStart).toFixed(1)} s (every process: the column above misses what a phase's processes do not wait for, such as Chromium's renderers, and PostgreSQL's)`,
  );
  // A failed phase's own log scrolls away behind the phases that ran after it, and CI keeps only the
  // end of the output: repeat the end of each failed log last, where the failing tests are named,
  // without the lines that only point at files CI does not keep (so two failures' errors both fit).
  for (const p of phases) {
    const s = state.get(p.name);
    if (s.status !== "FAILED") continue;
    const lines = stripVTControlCharacters(fs.readFileSync(s.log, "utf8")).split("\n").filter((line) => !NOISE.test(line));
    const tail = lines.slice(-FAILED_TAIL_LINES);
    console.log(`\n=== ${p.name} FAILED: the last ${tail.length} lines of its log (blank lines and attachments left out) ===\n${tail.join("\n")}`);
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  process.exit([...state.values()].every((s) => s.status === "ok" || s.status === "skipped") ? 0 : 1);
}

// Ctrl-C stops the phases' process groups with it.
process.on("SIGINT", () => process.exit(130));
schedule();
