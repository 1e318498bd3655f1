// `npm run bench`: the budgets of DESIGN.md section 9, measured on a production build.
// Usage: npm run bench [-- --only pages,lighthouse,checkout,...]
import { execSync } from "node:child_process";
import fs from "node:fs";
import { benchPage, medianLatency } from "./bench/pages";
import { runLighthouse } from "./bench/lighthouse";
import { startServer } from "./bench/server";

const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : null;
const wants = (name: string) => !only || only.includes(name);

async function main() {
  if (!fs.existsSync("build/server/index.js") || process.env.BENCH_REBUILD) {
    execSync("npx react-router build", { stdio: "inherit" });
  }
  const report: Record<string, unknown> = { date: new Date().toISOString() };
  if (wants("pages") || wants("lighthouse")) {
    const server = await startServer(3290);
    try {
      if (wants("pages")) {
        const median = await medianLatency(server.url, "/products/r36s");
        console.log(`\nProduct page, sequential median at low load: ${median} ms (budget < 20 ms)`);
        const pages = [];
        for (const p of ["/products/r36s", "/products"]) {
          const r = await benchPage(server.url, p);
          pages.push(r);
        }
        console.log("\nautocannon, 10 connections, 10 s (budget: >= 300 req/s, p99 < 100 ms, no errors)");
        console.table(pages);
        report.pages = { medianProductMs: median, load: pages };
      }
      if (wants("lighthouse")) {
        const lh = await runLighthouse(server.url, ["/", "/products", "/products/r36s", "/blog"]);
        console.log("\nLighthouse, mobile preset (budget: 95+ each, CLS < 0.05)");
        console.table(lh);
        report.lighthouse = lh;
      }
    } finally {
      await server.stop();
    }
  }
  for (const extra of fs.readdirSync(new URL("./bench/", import.meta.url)).filter((f) => f.startsWith("scenario-"))) {
    const name = extra.replace(/^scenario-|\.ts$/g, "");
    if (!wants(name)) continue;
    const mod = (await import(`./bench/${extra}`)) as { run: () => Promise<unknown> };
    console.log(`\n=== ${name} ===`);
    report[name] = await mod.run();
  }
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
  console.log("\nWritten to bench-results/latest.json");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
