import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { expectNoLayoutShift, watchLayoutShifts } from "./layout-shifts";

/**
 * "Recently viewed" on the product page (issue 31). The page is the same cached page for everyone
 * (ADR 018): the browser keeps the list (localStorage) and fills the section in after load, at the
 * bottom of the page, where it moves nothing.
 */

const STORAGE_KEY = "recently-viewed";
const section = (page: Page) => page.getByRole("region", { name: "Recently viewed" });
const cardTitles = (page: Page) => section(page).getByRole("heading", { level: 3 });

/** Opens a product page and waits until the browser has recorded the view (the page's effects have run). */
async function view(page: Page, slug: string) {
  await page.goto(`/products/${slug}`);
  await page.waitForFunction(([key, s]) => (window.localStorage.getItem(key) ?? "").includes(`"${s}"`), [STORAGE_KEY, slug] as const);
}

test("a product page shows the products viewed before it, newest first, filled in by the browser only", async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const cardRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/product-cards") cardRequests.push(r.url());
  });

  // The first product viewed has nothing to show and asks for nothing.
  await view(page, "r36s");
  await expect(page.getByRole("heading", { name: "You may also like" })).toBeVisible();
  await expect(section(page)).toHaveCount(0);
  expect(cardRequests).toEqual([]);

  await view(page, "rg35xx-pro");
  await expect(cardTitles(page)).toHaveText(["R36S Retro Handheld"]);

  await watchLayoutShifts(page);
  await view(page, "r36pro");
  await expect(cardTitles(page)).toHaveText(["35XXPro Handheld Console", "R36S Retro Handheld"]);
  await expect(section(page).getByText("$49.99")).toBeVisible();
  // Last on the page, after "You may also like".
  const below = await page.evaluate(() => {
    const related = document.getElementById("related-heading")!.closest("section")!;
    const recent = document.getElementById("recently-viewed-heading")!.closest("section")!;
    return related.compareDocumentPosition(recent) === Node.DOCUMENT_POSITION_FOLLOWING && recent.nextElementSibling === null;
  });
  expect(below, "the section is the page's last, below You may also like").toBe(true);
  await expectNoLayoutShift(page);
  await section(page).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await section(page).screenshot({ path: test.info().outputPath("recently-viewed-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways at 390 px").toBeLessThanOrEqual(390);
  await section(page).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await section(page).screenshot({ path: test.info().outputPath("recently-viewed-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A card is a link; on the next product (a client-side navigation) the list has moved on.
  await section(page).getByRole("link", { name: "R36S Retro Handheld" }).click();
  await expect(page).toHaveURL(/\/products\/r36s$/);
  await expect(cardTitles(page)).toHaveText(["R36PRO Handheld Console", "35XXPro Handheld Console"]);

  // Cards are priced in the page's market: after choosing the UK, in pounds.
  await page.getByRole("banner").getByLabel("Region and currency").selectOption("uk");
  await expect(page.getByTestId("price-total")).toHaveText("£39.99");
  await page.goto("/products/r36pro");
  await expect(cardTitles(page)).toHaveText(["R36S Retro Handheld", "35XXPro Handheld Console"]);
  await expect(section(page).getByText("£39.99")).toBeVisible();
  expect(cardRequests.every((url) => /[?&]market=(us|uk)&/.test(url))).toBe(true);

  // The page itself, as any other visitor gets it (the page cache's copy), has no such section.
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    for (let i = 0; i < 2; i++) {
      const res = await stranger.get("/products/r36pro");
      expect(res.headers()["cache-control"]).toMatch(/^public, /);
      const html = await res.text();
      expect(html).toContain("You may also like");
      expect(html).not.toContain("Recently viewed");
      expect(html).not.toContain("recently-viewed-heading");
    }
  } finally {
    await stranger.dispose();
  }
});

test.describe("storage the page cannot use", () => {
  test("a stored value of another shape is ignored and replaced", async ({ page }) => {
    // After the page has recorded its own view, which would otherwise overwrite the value.
    await view(page, "r36s");
    await page.evaluate((key) => window.localStorage.setItem(key, '{"not":"a list"'), STORAGE_KEY);
    await view(page, "r36pro");
    await expect(page.getByRole("heading", { name: "You may also like" })).toBeVisible();
    await expect(section(page)).toHaveCount(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBe('["r36pro"]');
    // Entries that are no slugs are dropped, the rest still show.
    await page.evaluate((key) => window.localStorage.setItem(key, JSON.stringify(["<img src=x>", 42, "r36s", "no-such-product"])), STORAGE_KEY);
    await view(page, "rg35xx-pro");
    await expect(cardTitles(page)).toHaveText(["R36S Retro Handheld"]);
  });

  test("with site data blocked the page works and shows no section", async ({ page }) => {
    // As when the browser blocks site data: reading `localStorage` throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await page.goto("/products/r36s");
    await page.goto("/products/r36pro");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    // The page is live: choosing a colour works.
    await page.getByRole("radio", { name: "Black" }).check();
    await expect(page.getByRole("radio", { name: "Black" })).toBeChecked();
    await expect(page.getByRole("heading", { name: "You may also like" })).toBeVisible();
    await expect(section(page)).toHaveCount(0);
  });
});
