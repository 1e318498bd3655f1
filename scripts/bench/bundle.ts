import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Written by the client build when BUNDLE_REPORT names it (vite.config.ts); the bench's builds do. */
export const MODULE_REPORT = "build/module-sizes.json";

/**
 * The JavaScript a page loads before it is interactive: the entry module its inline script
 * imports and every module it preloads (React Router lists the matched routes' chunks and their
 * imports), each gzipped as the server sends it (level 6). Lazy imports are not counted.
 */
export type BundleResult = {
  files: number;
  rawKb: number;
  gzipKb: number;
  brotliKb: number;
  largest: { file: string; gzipKb: number }[];
  /** What each package (or our own app/ code) costs of gzipKb, when the build wrote its module report. */
  byPackage: { package: string; gzipKb: number }[] | null;
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function pageModules(html: string): string[] {
  const urls = new Set<string>();
  // Its modulepreload links (on a shared page, the list its loader preloads after the main picture's
  // paint: app/lib/scripts-after-paint.ts) and its inline module's imports (not the route manifest,
  // which names every route's module for later navigations).
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/(\["\/assets\/[^\]]+\])\.forEach/g)) for (const url of JSON.parse(m[1]) as string[]) urls.add(url);
  for (const m of html.matchAll(/(?:from |import\()"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  return [...urls];
}

export function pageJavaScript(html: string, clientDir = "build/client"): BundleResult {
  const urls = pageModules(html);
  let raw = 0;
  let gz = 0;
  let br = 0;
  const sizes: { file: string; gzipKb: number }[] = [];
  const gzipped = new Map<string, number>();
  for (const url of urls) {
    const body = fs.readFileSync(path.join(clientDir, url));
    const g = zlib.gzipSync(body, { level: 6 }).length;
    raw += body.length;
    gz += g;
    br += zlib.brotliCompressSync(body).length;
    gzipped.set(url, g);
    sizes.push({ file: path.basename(url), gzipKb: kb(g) });
  }
  sizes.sort((a, b) => b.gzipKb - a.gzipKb);
  return { files: urls.length, rawKb: kb(raw), gzipKb: kb(gz), brotliKb: kb(br), largest: sizes.slice(0, 8), byPackage: byPackage(gzipped) };
}

/**
 * Splits each chunk's gzip size between the modules in it, in proportion to the gzip size of each
 * module's code before minification (what bundle visualisers show), and adds them up per package.
 */
function byPackage(gzipped: Map<string, number>): BundleResult["byPackage"] {
  if (!fs.existsSync(MODULE_REPORT)) return null;
  const report = JSON.parse(fs.readFileSync(MODULE_REPORT, "utf8")) as Record<string, Record<string, string>>;
  const totals = new Map<string, number>();
  for (const [url, chunkGzip] of gzipped) {
    const modules = Object.entries(report[url.replace(/^\//, "")] ?? {}).map(([id, code]) => ({
      pkg: /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? "our code (app/)",
      weight: code ? zlib.gzipSync(code).length : 0,
    }));
    const sum = modules.reduce((n, m) => n + m.weight, 0) || 1;
    for (const m of modules) totals.set(m.pkg, (totals.get(m.pkg) ?? 0) + (chunkGzip * m.weight) / sum);
  }
  return [...totals]
    .map(([pkg, bytes]) => ({ package: pkg, gzipKb: kb(bytes) }))
    .filter((r) => r.gzipKb >= 0.1)
    .sort((a, b) => b.gzipKb - a.gzipKb);
}
