import { expect, expectAccessible, test } from "./fixtures";

test("home hero links to the main product and the blog", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/product");
  await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/blog");
  // The home page's axe (1280 and 375 px) is product-gallery.spec.ts's, on the hero test.
  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/\/product$/);
});

test("products grid shows the published consoles and accessories from the database", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(7);
  await expect(cards.first()).toContainText("$49.99");
  await expect(cards.first()).toContainText("View Details");
  await expectAccessible(page);
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("an unknown route answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  });
});

test("the mobile menu opens and navigates at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
  await menu.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
});

test("the newsletter form stores a valid address and confirms", async ({ page }) => {
  await page.goto("/faq");
  const box = page.getByRole("textbox", { name: "Email address for the newsletter" });
  await box.fill(`fan-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
});
