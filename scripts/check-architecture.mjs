// The architecture lint (`npm run lint` runs it after ESLint): dependency-cruiser checks the import
// rules in .dependency-cruiser.cjs (front doors, core stays neutral, server without app/ and without
// the router), then this script checks that no two server areas call each other, directly or round a
// longer loop. A call is an import of another area's front door; reading its tables through its
// schema.ts is not one (docs/decisions/017-areas-with-front-doors.md says why). `--map` prints who
// calls whom.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs");
const infrastructure = new RegExp(config.forbidden.find((r) => r.name === "infrastructure-knows-no-area").from.path);

let json;
try {
  json = execFileSync("npx", ["depcruise", "app", "server", "core", "scripts", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
} catch (err) {
  // depcruise exits non-zero when a rule is broken; its report is still on stdout.
  if (!err.stdout) throw err;
  json = err.stdout;
}
const result = JSON.parse(json);
const problems = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}\n    ${config.forbidden.find((r) => r.name === v.rule.name)?.comment ?? ""}`);

/** server/<area>/... -> area; null for infrastructure and the top-level files. */
const areaOf = (file) => (infrastructure.test(file) ? null : (/^server\/([^/]+)\//.exec(file)?.[1] ?? null));
const calls = new Map();
for (const m of result.modules) {
  const from = areaOf(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = areaOf(d.resolved);
    if (!to || to === from || d.resolved.endsWith("/schema.ts")) continue;
    if (!calls.has(from)) calls.set(from, new Map());
    if (!calls.get(from).has(to)) calls.get(from).set(to, `${m.source} -> ${d.resolved}`);
  }
}

// Tarjan's strongly connected components: every component with more than one area is a loop.
let index = 0;
const stack = [];
const seen = new Map();
function visit(a) {
  const node = { index, low: index, onStack: true };
  index++;
  seen.set(a, node);
  stack.push(a);
  for (const b of calls.get(a)?.keys() ?? []) {
    if (!seen.has(b)) {
      visit(b);
      node.low = Math.min(node.low, seen.get(b).low);
    } else if (seen.get(b).onStack) node.low = Math.min(node.low, seen.get(b).index);
  }
  if (node.low !== node.index) return;
  const component = [];
  let b;
  do {
    b = stack.pop();
    seen.get(b).onStack = false;
    component.push(b);
  } while (b !== a);
  if (component.length < 2) return;
  const inside = new Set(component);
  const links = component.flatMap((x) => [...(calls.get(x) ?? [])].filter(([y]) => inside.has(y)).map(([y, why]) => `      ${x} -> ${y} (${why})`));
  problems.push(`no-area-cycles: ${component.sort().join(", ")} call each other\n${links.join("\n")}`);
}
for (const a of calls.keys()) if (!seen.has(a)) visit(a);

if (process.argv.includes("--map")) {
  // Who calls whom, for the README's and the ADR's area map.
  for (const a of [...calls.keys()].sort()) console.log(`${a.padEnd(10)} -> ${[...calls.get(a).keys()].sort().join(", ")}`);
}
const areas = new Set([...calls.keys(), ...[...calls.values()].flatMap((m) => [...m.keys()])]);
const links = [...calls.values()].reduce((n, m) => n + m.size, 0);
if (problems.length) {
  console.error(`${problems.join("\n")}\n\n${problems.length} architecture problem(s) (.dependency-cruiser.cjs, scripts/check-architecture.mjs).`);
  process.exit(1);
}
console.log(`architecture: ${result.summary.totalCruised} modules, ${areas.size} server areas, ${links} area-to-area calls, no deep imports, no cycles.`);
