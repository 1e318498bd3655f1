import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { PROMO_DELAY_MS, PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { startMailCapture } from "./mail-capture";
import { expectCleanServerLog } from "./server-log";
import { runDir, startShop, workerPort, type Shop } from "./shop-server";

/**
 * Shared fixtures: each worker runs its own shop on a copy of the run's seeded database (the page's
 * baseURL points at it), a console error in the page fails the test, and `expectAccessible` runs axe
 * (WCAG 2.2 AA rules) on the current state of the page.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[]; showPromo: boolean; promoDismissed: void }, { shop: Shop }>({
  /**
   * This worker's shop: a copy of the template DATA_DIR from global-setup.ts, its own port, its own
   * SMTP capture (whose folder mailbox.ts reads) and its own log. At the end its log must hold none
   * of the secrets the worker's tests typed or were mailed (server-log.ts).
   */
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const port = workerPort(workerInfo.parallelIndex);
      const dir = path.join(runDir(), `worker-${workerInfo.workerIndex}`);
      const dataDir = path.join(dir, "data");
      const mailDir = path.join(dir, "mail");
      fs.cpSync(process.env.E2E_TEMPLATE_DIR!, dataDir, { recursive: true });
      process.env.E2E_MAIL_DIR = mailDir;
      const smtp = await startMailCapture(mailDir, port + 10_000);
      let shop: Shop | undefined;
      try {
        shop = await startShop({ port, dataDir, logFile: path.join(dir, "server.log"), smtpPort: port + 10_000, aiPort: port + 2 });
        await use(shop);
      } finally {
        await shop?.stop();
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
      expectCleanServerLog(shop.logFile, dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", auto: true, timeout: 360_000 },
  ],
  /** Pages, `request` and new contexts address this worker's shop. */
  baseURL: async ({ shop }, provide) => {
    await provide(shop.url);
  },
  /** Each test is its own visitor to the rate limiter: a client address behind the trusted proxy. */
  extraHTTPHeaders: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, testInfo) => {
      const n = [...testInfo.testId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
      await use({ "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 254) + 1}` });
    },
    { scope: "test" },
  ],
  /** Messages a test expects (say, the browser reporting the 404 status of the page under test). */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        const text = msg.text();
        if (msg.type() === "error" && !allowedConsoleErrors.some((re) => re.test(text))) errors.push(text);
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  /** `page.goto` and `page.reload` return once React has hydrated the page (see `waitForHydrationAfterNavigations`). */
  page: async ({ page }, provide) => {
    waitForHydrationAfterNavigations(page);
    await provide(page);
  },
  /** Pages of the contexts a test opens itself (a second shopper, staff) wait for hydration too. */
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", waitForHydrationAfterNavigations);
        return context;
      };
      await provide(browser);
    },
    { scope: "worker" },
  ],
  /** The promo popup covers the page 1 s after load; tests of the popup opt in with `test.use({ showPromo: true })`. */
  showPromo: [false, { option: true }],
  promoDismissed: [
    async ({ page, showPromo }, use) => {
      // Before any page script runs, mark the popup as dismissed (as a visitor's earlier "Close" would).
      if (!showPromo) {
        await page.addInitScript((key) => {
          try {
            window.localStorage.setItem(key, String(Date.now() + 365 * 24 * 60 * 60 * 1000));
          } catch {
            // about:blank and other opaque origins have no storage.
          }
        }, PROMO_DISMISSED_KEY);
      }
      await use();
    },
    { auto: true },
  ],
});

/**
 * Stops the page's fake clock (installed with `page.clock.install()`) at about its current time. The
 * time is read from the page and a little added; on a loaded machine the two calls can be further
 * apart than that, and pausing at a time already past throws ("Cannot fast-forward to the past",
 * once in CI): then it reads the time again.
 */
export async function pauseClockNow(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

/**
 * Lets the promo popup's delay pass on the page's fake clock (the test calls `page.clock.install()`
 * before the page loads) instead of sleeping through it: waits until the page has hydrated and its
 * effects (which start the popup's timer) ran, then runs the clock past the delay, firing the timer.
 */
export async function runPastPromoDelay(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.clock.runFor(PROMO_DELAY_MS + 500);
}

/**
 * Makes `page.goto` and `page.reload` also wait, after the load event, until React has hydrated the
 * document. A shared page starts its scripts only after its largest paint (ADR 023), so for a
 * moment after the load event its links and forms are the server's HTML alone, and a test's click
 * would take the no-JavaScript path. A navigation with `waitUntil: "commit"` (a test of that very
 * moment, or of a page whose scripts it keeps from arriving) and a document without React Router's
 * context (JavaScript off, a JSON answer) do not wait. A whole test never opts out: its clicks on
 * the pages it hydrates would race React (shared-pages' badge test did, 2 runs in 10).
 */
export function waitForHydrationAfterNavigations(page: Page) {
  if (hydrationAwaited.has(page)) return;
  hydrationAwaited.add(page);
  const untilHydrated = async (options?: { waitUntil?: string }) => {
    if (options?.waitUntil === "commit") return;
    await page.waitForFunction(() => !("__reactRouterContext" in window) || ("__reactRouterDataRouter" in window && Object.keys(document.body).some((k) => k.startsWith("__reactProps$"))));
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilHydrated(options);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilHydrated(options);
    return response;
  };
}

const hydrationAwaited = new WeakSet<Page>();

/**
 * Waits until React has hydrated the element (it then carries React's own properties): the product
 * page hydrates what is below the fold once that code arrives, after the rest of the page, and a
 * click on markup React has not taken over yet does nothing.
 */
export async function expectHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")))).toBe(true);
}

/**
 * The phone's view of the page the test is on: at 375 px nothing scrolls sideways and axe passes;
 * a screenshot named `name` goes to the test's output. The viewport is put back afterwards. Journeys
 * run once at 1280 px and call this where the phone's layout differs (docs/testing.md).
 * `{ axe: false }` where another test already runs axe on this state at 375 px (docs/testing.md,
 * "Axe checks de-duplicated").
 */
export async function expectFitsPhone(page: Page, name: string, { axe = true } = {}) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways at 375 px").toBeLessThanOrEqual(375);
  if (axe) await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  if (before) await page.setViewportSize(before);
}

/**
 * Axe's WCAG 2.2 AA rules on the current state of the page. Only violations come back with their
 * elements: the passes' and inapplicable rules' node lists were serialised across to the test for
 * nothing. Axe runs in the page itself (legacy mode) unless the page has a cross-origin frame (a
 * video in a post): by default AxeBuilder opens a blank page for each check to merge the frames'
 * results, which made a check 2.5-3x slower (1.2-2.5 s against 0.45-0.8 s on the product page), and
 * only a cross-origin frame needs it.
 */
export async function expectAccessible(page: Page) {
  const origin = new URL(page.url()).origin;
  const foreignFrame = page.frames().some((f) => /^https?:/.test(f.url()) && new URL(f.url()).origin !== origin);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(!foreignFrame)
    .options({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export { ADMIN } from "./admin-account";

export { expect };
