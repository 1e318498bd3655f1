import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// @ts-expect-error plain ESM helper
import { findChromium } from "../chromium.mjs";

export type LighthouseResult = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Why Lighthouse could not measure the page (its scores are then 0), e.g. NO_FCP. */
  error?: string;
};

/** Lighthouse with its default mobile preset (simulated throttling) in the system Chromium. */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseResult[]> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lh-"));
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium({ shell: false }),
    userDataDir,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results: LighthouseResult[] = [];
  try {
    for (const p of paths) {
      const run = await lighthouse(baseUrl + p, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = run?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${p}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      results.push({
        path: p,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      });
    }
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  return results;
}
