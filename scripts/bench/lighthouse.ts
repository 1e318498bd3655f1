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
  /** The long tasks TBT counts (simulated timeline), largest share first: what to shorten. */
  blockingTasks: BlockingTask[];
};

/** A long task after the first paint: its simulated length, the part of it past 50 ms that TBT counts, whose it is. */
export type BlockingTask = { source: string; startMs: number; durationMs: number; blockingMs: number };

type LongTaskItem = { url?: string; startTime?: number; duration?: number };

/**
 * Each long task's share of TBT as Lighthouse counts it (roughly: Lighthouse also stops at TTI): the
 * part past 50 ms that falls after FCP. A task of the page's own URL is the document's: its parsing,
 * inline scripts, style and layout.
 */
export function blockingTasks(items: LongTaskItem[], fcpMs: number, pageUrl: string): BlockingTask[] {
  return items
    .map((t) => {
      const start = t.startTime ?? 0;
      const duration = t.duration ?? 0;
      const blocking = Math.max(0, start + duration - Math.max(start + 50, fcpMs));
      const source = t.url === pageUrl ? "the document" : (t.url ?? "").replace(/^https?:\/\/[^/]+/, "") || "(browser)";
      return { source, startMs: Math.round(start), durationMs: Math.round(duration), blockingMs: Math.round(blocking) };
    })
    .filter((t) => t.blockingMs > 0)
    .sort((a, b) => b.blockingMs - a.blockingMs);
}

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
      const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
      results.push({
        path: p,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        fcpMs: Math.round(fcp),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        blockingTasks: blockingTasks(
          ((lhr.audits["long-tasks"]?.details as { items?: LongTaskItem[] } | undefined)?.items ?? []),
          fcp,
          baseUrl + p,
        ),
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      });
    }
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  return results;
}
