import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";

/**
 * Shared fixtures: a console error in the page fails the test, and `expectAccessible` runs axe
 * (WCAG 2.2 AA rules) on the current state of the page.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[]; showPromo: boolean; promoDismissed: void }>({
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

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export { ADMIN } from "./admin-account";

export { expect };
