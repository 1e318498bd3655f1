import { expect, expectAccessible, test } from "./fixtures";

const SAMPLE = "/blog/marvel-rivals-may-15-update";

test("the blog lists published posts and a post page reads with its SEO data", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: "Marvel Rivals May 15 Update" });
  await expect(card).toContainText("May 15, 2026");
  await expectAccessible(page);
  await card.getByRole("link", { name: /Read More/ }).click();
  await expect(page).toHaveURL(new RegExp(`${SAMPLE}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marvel Rivals May 15 Update: Balance Changes at a Glance");
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("marvel rivals");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\/marvel-rivals-may-15-update$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: "Marvel Rivals May 15 Update: Balance Changes at a Glance", author: { name: "Admin" } });
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the RSS feed lists published posts", async ({ request }) => {
  const res = await request.get("/blog/rss.xml");
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await res.text();
  expect(xml).toContain("<rss version=\"2.0\"");
  expect(xml).toContain("/blog/marvel-rivals-may-15-update</link>");
});

test.describe("post errors", () => {
  test.use({ allowedConsoleErrors: [/status of 40[04]/] });
  test("a missing post answers 404 with 'Blog post not found' and 'Return to Blog'", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Blog post not found" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Return to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
  test("a malformed post URL says 'Invalid post URL'", async ({ page }) => {
    const response = await page.goto("/blog/Not_A_Slug!");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Invalid post URL" })).toBeVisible();
  });
});
