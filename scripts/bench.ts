// `npm run bench`: the targets of issue 16 (DESIGN.md section 9), each next to its budget, measured
// on a production build in one run, with the ratio to nginx serving the same bytes when nginx is
// installed. A benchmark, not a test: CI runs the tests, not this.
// Usage: [BENCH_PORT=3290] npm run bench [-- --only pages,cdn,uncached,personal,js,lighthouse,checkout,orders,search]
// (uncached includes personal, the personal answer of section 3b)
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { MODULE_REPORT, pageJavaScript } from "./bench/bundle";
import { runLighthouse } from "./bench/lighthouse";
import { load, loadTool } from "./bench/load";
import { nginxInstalled, startStaticNginx } from "./bench/nginx";
import { cpuSeconds, startServer } from "./bench/server";

const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : null;
const wants = (name: string) => !only || only.includes(name);

const SHARED_PAGES = ["/products/r36s", "/products", "/", "/blog", "/shipping-policy"];
const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-0123" };
/** What a browser sends; nginx has no brotli, so both sides answer the same gzip bytes. */
const GZIP = { "Accept-Encoding": "gzip", Accept: "text/html" };
/** BENCH_PORT moves the shop (nginx: port + 2, the uncached shop: port + 4) off 3290 when another bench runs on the machine. */
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

/**
 * A form post as a browser without JavaScript sends it (node:http: fetch's `Sec-Fetch-Mode: cors`
 * makes the shop answer as to a script); answers the cookies it set.
 */
function post(url: string, fields: Record<string, string>, cookie = ""): Promise<string[]> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: new URL(url).origin, Cookie: cookie } },
      (res) => {
        res.resume();
        if (res.statusCode !== 303) return reject(new Error(`${url} answered ${res.statusCode}`));
        resolve((res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The shared pages for everyone, anonymous and (for the product page) with a cart and a session. */
async function sharedPages(base: string, personal: string) {
  const pages = [];
  for (const path of SHARED_PAGES) {
    // The exact bytes the cache serves (its plain copy), for nginx to serve too.
    await fetch(base + path, { headers: GZIP });
    const res = await fetch(base + path, { headers: { Accept: "text/html", "Accept-Encoding": "identity" } });
    if (res.headers.get("x-page-cache") !== "hit") throw new Error(`${path} was not served from the page cache`);
    pages.push({ path, html: Buffer.from(await res.arrayBuffer()) });
  }
  const nginx = await startStaticNginx(PORT + 2, pages);
  // A shopper with a cart who is signed in gets the same page (ADR 018): measured as such.
  const visitors = [...pages.map(({ path }) => ({ path, visitor: "anonymous", cookie: "" })), { path: "/products/r36s", visitor: "signed in, with a cart", cookie: personal }];
  const rows = [];
  try {
    for (const { path, visitor, cookie } of visitors) {
      // Alternating shop, nginx, shop, nginx: the machine's drift hits both alike.
      const shop = [];
      const stat = [];
      for (let round = 0; round < 2; round++) {
        shop.push(await load(base + path, { seconds: 5, headers: cookie ? { ...GZIP, Cookie: cookie } : GZIP }));
        if (nginx) stat.push(await load(nginx.url + path, { seconds: 5, headers: GZIP }));
      }
      const rps = (runs: { requestsPerSecond: number }[]) => Math.round(runs.reduce((n, r) => n + r.requestsPerSecond, 0) / runs.length);
      const p99 = Math.max(...shop.map((r) => r.p99));
      const ratio = nginx ? rps(shop) / rps(stat) : null;
      rows.push({
        path,
        visitor,
        "shop req/s": rps(shop),
        "shop p99 ms": p99,
        "nginx req/s": nginx ? rps(stat) : "not installed",
        // For context: on a loaded machine the scheduler's stalls show in both p99s.
        "nginx p99 ms": nginx ? Math.max(...stat.map((r) => r.p99)) : "-",
        "ratio (>= 0.25)": ratio === null ? "-" : Number(ratio.toFixed(3)),
        errors: shop.reduce((n, r) => n + r.errors + r.non2xx, 0),
        "within budget": (ratio === null || ratio >= 0.25) && p99 < 20 ? "yes" : "NO",
      });
    }
  } finally {
    await nginx?.stop();
  }
  console.log(`\n1. Shared pages from the page cache, for every visitor (budget: >= 25% of nginx on the same bytes in this run, p99 < 20 ms); ${await loadTool()}, 10 connections, 2 x 5 s each side, gzip`);
  console.table(rows);
  return rows;
}

async function cdnHeaders(base: string, personal: string) {
  const anon = await fetch(`${base}/products/r36s`);
  const mine = await fetch(`${base}/products/r36s`, { headers: { Cookie: personal } });
  const rows = [
    { visitor: "anonymous", "Cache-Control": anon.headers.get("cache-control"), Vary: anon.headers.get("vary"), ok: /^public, s-maxage=\d+, stale-while-revalidate=\d+$/.test(anon.headers.get("cache-control") ?? "") ? "yes" : "NO" },
    { visitor: "signed in, with a cart", "Cache-Control": mine.headers.get("cache-control"), Vary: mine.headers.get("vary"), ok: /^public, s-maxage=\d+, stale-while-revalidate=\d+$/.test(mine.headers.get("cache-control") ?? "") ? "yes" : "NO" },
  ];
  console.log("\n2. CDN-ready headers on /products/r36s, the same page for everyone (budget: public + s-maxage + stale-while-revalidate)");
  console.table(rows);
  return rows;
}

/** The render itself, which the cache hides: the anonymous product page on a shop with PAGE_CACHE=off. */
async function uncached() {
  const server = await startServer(PORT + 4, { PAGE_CACHE: "off", LOG_LEVEL: "info" }, { quiet: true });
  try {
    const url = `${server.url}/products/r36s`;
    await load(url, { seconds: 3, headers: GZIP });
    const r = await load(url, { seconds: 10, headers: GZIP });
    const row = { path: "/products/r36s", ...r, "within budget": r.requestsPerSecond >= 150 && r.p99 < 150 && r.errors + r.non2xx === 0 ? "yes" : "NO" };
    console.log("\n3. Uncached render, anonymous, PAGE_CACHE=off, embedded database (budget: >= 150 req/s, p99 < 150 ms, no errors); 10 connections, 10 s");
    console.log("   Before issue 29 (2026-11-27, same machine kind): 47-50 req/s, p99 495 ms; 2026-11-23: 136-165.");
    console.table([row]);
    return row;
  } finally {
    await server.stop();
  }
}

/** A visitor's own parts of a shared page (ADR 018): one small JSON request per page view. */
async function personalAnswer(base: string, personal: string, pid: number) {
  const url = `${base}/api/personal?product=r36s`;
  await load(url, { seconds: 2, headers: { Accept: "application/json", Cookie: personal } });
  const cpuBefore = cpuSeconds(pid);
  const r = await load(url, { seconds: 8, headers: { Accept: "application/json", Cookie: personal } });
  // The shop's CPU a request, its embedded database included: steadier than the rate on a shared machine.
  const cpuMs = Math.round(((cpuSeconds(pid) - cpuBefore) / (r.requestsPerSecond * 8)) * 100000) / 100;
  const row = { path: "/api/personal?product=r36s", ...r, "shop CPU ms a request": cpuMs, "within budget": r.p99 < 50 && r.errors + r.non2xx === 0 ? "yes" : "NO" };
  console.log("\n3b. The personal answer of a signed-in shopper with a cart (budget: p99 < 50 ms, no errors); 10 connections, 8 s");
  console.table([row]);
  return row;
}

async function javascript(base: string) {
  const html = await (await fetch(`${base}/products/r36s`, { headers: { "Accept-Encoding": "identity" } })).text();
  const r = pageJavaScript(html);
  console.log(`\n5. JavaScript the product page loads before interaction: ${r.gzipKb} KB gzip (${r.brotliKb} KB brotli, ${r.rawKb} KB raw) in ${r.files} files (budget: < 125 KB gzip) ${r.gzipKb < 125 ? "yes" : "NO"}`);
  console.table(r.largest);
  if (r.byPackage) console.table(r.byPackage);
  else console.log(`(No ${MODULE_REPORT}: build with BENCH_REBUILD=1 for the cost of each package.)`);
  return r;
}

async function main() {
  if (!fs.existsSync("build/server/index.js") || process.env.BENCH_REBUILD) {
    execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, BUNDLE_REPORT: MODULE_REPORT } });
  }
  const report: Record<string, unknown> = { date: new Date().toISOString(), machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}`, loadAverageBefore: loadAverage() };
  console.log(`Load average before: ${report.loadAverageBefore} (${report.machine}); load generator: ${await loadTool()}; nginx: ${nginxInstalled() ? "installed" : "not installed (no ratio)"}`);
  if (["pages", "cdn", "uncached", "personal", "js", "lighthouse"].some(wants)) {
    // LOG_LEVEL info: one access-log line per request, as in production.
    const server = await startServer(PORT, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: "info" }, { quiet: true });
    try {
      const session = await post(`${server.url}/admin-login`, { username: BENCH_ADMIN.email, password: BENCH_ADMIN.password });
      const variant = /name="variantId" value="([^"]+)"/.exec(await (await fetch(`${server.url}/products/r36s`)).text())?.[1];
      if (!variant) throw new Error("no variant on the product page");
      const cart = await post(`${server.url}/cart`, { intent: "add", variantId: variant, quantity: "1" }, session.join("; "));
      const personal = [...session, ...cart].join("; ");
      if (wants("pages")) report.sharedPages = await sharedPages(server.url, personal);
      if (wants("cdn")) report.cdn = await cdnHeaders(server.url, personal);
      if (wants("uncached") || wants("personal")) report.personal = await personalAnswer(server.url, personal, server.pid);
      if (wants("js")) report.javascript = await javascript(server.url);
      if (wants("lighthouse")) {
        const lh = await runLighthouse(server.url, ["/", "/products", "/products/r36s", "/blog"]);
        console.log("\n4. Lighthouse, mobile preset (budget: performance >= 98, the others 100, FCP < 1500 ms, LCP < 1800 ms, TBT < 50 ms, CLS < 0.02)");
        console.table(lh.map(({ blockingTasks: _tasks, ...scores }) => scores));
        console.log("   What TBT counts, roughly, per page (simulated ms past 50 after FCP <- task length @ start, whose):");
        for (const page of lh) {
          const tasks = page.blockingTasks.map((t) => `${t.blockingMs} <- ${t.durationMs} @${t.startMs} ${t.source}`);
          console.log(`   ${page.path}: ${tasks.join("; ") || "none"}`);
        }
        report.lighthouse = lh;
      }
    } finally {
      await server.stop();
    }
  }
  if (wants("uncached")) report.uncached = await uncached();
  for (const extra of fs.readdirSync(new URL("./bench/", import.meta.url)).filter((f) => f.startsWith("scenario-"))) {
    const name = extra.replace(/^scenario-|\.ts$/g, "");
    if (!wants(name)) continue;
    const mod = (await import(`./bench/${extra}`)) as { run: () => Promise<unknown> };
    console.log(`\n=== ${name} ===`);
    report[name] = await mod.run();
  }
  report.loadAverageAfter = loadAverage();
  console.log(`\nLoad average after: ${report.loadAverageAfter}`);
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(report, null, 2));
  console.log("Written to bench-results/latest.json");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
