import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** Issue 15, "Search": the header box, the results page and its empty and no-results states. */

async function tabTo(page: Page, name: string) {
  const target = page.getByRole("searchbox", { name });
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the ${name} box`);
}

test.describe("Search", () => {
  test("from the header box by keyboard: typo-tolerant results, products then articles, priced for the shopper", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await tabTo(page, "Search");
    await page.keyboard.type("r36 pro");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=r36\+pro$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search results" })).toBeVisible();
    const products = page.getByRole("region", { name: "Products" });
    await expect(products.getByRole("heading", { level: 3 }).first()).toHaveText("R36PRO Handheld Console");
    await expect(products.getByRole("listitem").first()).toContainText("$59.99");
    await expect(page.getByTestId("search-summary")).toHaveText(/1 product found for “r36 pro”/);
    await expectAccessible(page);

    // A model code and a typo.
    await page.goto("/search?q=35xx");
    await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 })).toHaveText(["35XXPro Handheld Console"]);
    await page.goto("/search?q=r36");
    await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 })).toHaveCount(2);
    await page.goto("/search?q=handheld%20consle");
    await expect(page.getByRole("region", { name: "Products" })).toContainText("R36PRO Handheld Console");
    await page.screenshot({ path: "test-results/search-results-1280.png", fullPage: true });

    // Articles are a second group.
    await page.getByRole("searchbox", { name: "Search" }).last().fill("marvel rivals");
    await page.getByRole("searchbox", { name: "Search" }).last().press("Enter");
    const articles = page.getByRole("region", { name: "Articles" });
    await expect(articles.getByRole("heading", { level: 3 })).toHaveText(["Marvel Rivals May 15 Update: Balance Changes at a Glance"]);
    await articles.getByRole("link", { name: /Read Article/ }).click();
    await expect(page).toHaveURL(/\/blog\/marvel-rivals-may-15-update$/);
  });

  test("finds what a product is and plays, not only its title: handheld console and gameboy find the R36S (issue 31)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const products = page.getByRole("region", { name: "Products" });
    // "R36S Retro Handheld" says neither "console" nor "Game Boy": its description and its Supported Consoles list do.
    for (const [query, url] of [
      ["handheld console", /\/search\?q=handheld\+console$/],
      ["gameboy", /\/search\?q=gameboy$/],
    ] as const) {
      const box = page.getByRole("searchbox", { name: "Search" }).first();
      await box.fill(query);
      await box.press("Enter");
      await expect(page).toHaveURL(url);
      await expect(products.getByRole("heading", { level: 3, name: "R36S Retro Handheld" })).toBeVisible();
    }
    await expect(page.getByTestId("search-summary")).toHaveText(/1 product found for “gameboy”/);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/search-gameboy-1280.png", fullPage: true });
  });

  test("nothing found: says so, suggests a close product name and the newest products", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/search?q=r36pr0%20consolle%20deluxe");
    await expect(page.getByTestId("search-summary")).toHaveText("No results found for “r36pr0 consolle deluxe”. Check the spelling or use a different word or phrase.");
    await expect(page.getByRole("link", { name: "R36PRO Handheld Console" }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Browse our newest products" }).getByRole("listitem")).toHaveCount(4);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/search-none-1280.png", fullPage: true });
    await page.getByText("Did you mean").getByRole("link").click();
    await expect(page).toHaveURL(/\/search\?q=R36PRO%20Handheld%20Console$/);
    await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 }).first()).toHaveText("R36PRO Handheld Console");
  });

  test("at 375 px the header's search button opens the page with its box focused; a UK shopper sees pounds", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem("promo-dismissed-until", String(Date.now() + 1e10)));
    await page.goto("/");
    await page.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused();
    await expect(page.getByRole("region", { name: "New arrivals" }).getByRole("listitem")).toHaveCount(4);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/search-empty-375.png", fullPage: true });
    await page.keyboard.type("r36s");
    await page.keyboard.press("Enter");
    const first = page.getByRole("region", { name: "Products" }).getByRole("listitem").first();
    await expect(first).toContainText("R36S Retro Handheld");
    await expect(first).toContainText("£");
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/search-results-375.png", fullPage: true });
    await context.close();
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/products");
    await page.getByRole("searchbox", { name: "Search" }).fill("35xx");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=35xx$/);
    await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 })).toHaveText(["35XXPro Handheld Console"]);
    await context.close();
  });
});
