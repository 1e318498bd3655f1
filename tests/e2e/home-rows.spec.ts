import { expect, test } from "./fixtures";
import { publishProduct, shopperPage, signInAsAdmin } from "./shop-steps";

/** Issue 15, "Home page": featured products with prices and "New arrivals" under the hero, managed from the back office. */

const row = (page: import("@playwright/test").Page, name: string) => page.getByRole("region", { name });

test.describe("Home page rows", () => {
  for (const width of [1280, 375]) {
    test(`featured products and new arrivals show with their prices at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const featured = row(page, "Featured products");
      await expect(featured.getByRole("heading", { level: 3 })).toHaveText(["R36S Retro Handheld", "35XXPro Handheld Console", "R36PRO Handheld Console"]);
      await expect(featured.getByRole("article").first()).toContainText("$49.99");
      await expect(row(page, "New arrivals").getByRole("article")).toHaveCount(4);
      // The home page's axe at both widths is product-gallery.spec.ts's, on the hero test.
      await page.screenshot({ path: `test-results/home-rows-${width}.png`, fullPage: true });
      await featured.getByRole("link", { name: "35XXPro Handheld Console" }).click();
      await expect(page).toHaveURL(/\/products\/rg35xx-pro$/);
    });
  }

  test("the admin features an accessory first; the cached home page shows it at once, and unfeaturing removes it", async ({ page, browser, baseURL }) => {
    // An anonymous visitor's home page is served from the page cache (ADR 014): warm it first.
    // Who closed the promo popup on an earlier visit (it is kept in storage, not a cookie, so the visitor stays anonymous).
    const home = await shopperPage(browser, { baseURL });
    const visitor = home.context();
    await home.goto("/");
    await expect(row(home, "Featured products").getByRole("heading", { level: 3 }).first()).toHaveText("R36S Retro Handheld");

    await signInAsAdmin(page, "/admin/products");
    await page.getByRole("link", { name: "Edit 128GB microSD Card" }).click();
    await page.getByRole("checkbox", { name: "Feature on the home page" }).check();
    await page.getByLabel("Position on the home page").fill("0");
    await publishProduct(page);
    await expect(page.getByRole("row").filter({ hasText: "128GB microSD Card" })).toContainText("Featured on the home page (0)");

    await home.reload();
    const featured = row(home, "Featured products");
    await expect(featured.getByRole("heading", { level: 3 }).first()).toHaveText("128GB microSD Card");
    await expect(featured.getByRole("article").first()).toContainText("$19.99");

    await page.getByRole("link", { name: "Edit 128GB microSD Card" }).click();
    await page.getByRole("checkbox", { name: "Feature on the home page" }).uncheck();
    await publishProduct(page);
    await home.reload();
    await expect(row(home, "Featured products")).not.toContainText("128GB microSD Card");
    await visitor.close();
  });
});
