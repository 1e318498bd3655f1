import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";

/** Issue 14, dashboard: sales first, for a range in the URL, against the previous period. */
// The walk runs at 1280 px; each page it screenshots is also checked at 375 px (expectFitsPhone).
const viewport = { width: 1280, height: 900 };
test.describe(`the sales dashboard at ${viewport.width} px`, () => {
  test.use({ viewport, timezoneId: "Europe/London", allowedConsoleErrors: [/status of 400/] });

  test("a range from the URL, the previous period, a chart readable by hover and keyboard, top sellers and low stock", async ({ page }) => {
    await signInAsAdmin(page, "/admin/dashboard");
    const sales = page.getByRole("region", { name: "Sales" });
    // Default: the last 30 days, each figure against the 30 before.
    await expect(sales.getByTestId("sales-range")).toContainText("Last 30 days:");
    await expect(sales.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    for (const label of ["Total sales", "Orders", "Average order value", "Refunds"]) {
      await expect(sales.getByRole("heading", { name: label, exact: true })).toBeVisible();
    }
    await expect(sales.getByTestId("chart-day")).toHaveCount(30);
    // The browser told the server its zone (cookie), so days are the admin's.
    await page.reload();
    await expect(sales.getByTestId("sales-note")).toContainText("Days run midnight to midnight in Europe/London.");
    await expect(sales.getByTestId("sales-note")).toContainText("Figures in USD.");
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/dashboard-${viewport.width}.png`, fullPage: true });
    await expectFitsPhone(page, "dashboard");

    // A preset is a plain link: the range lives in the URL and keeps the recent orders' filter.
    await page.goto("/admin/dashboard?period=week");
    await sales.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/[?&]range=7d/);
    await expect(page).toHaveURL(/[?&]period=week/);
    await expect(sales.getByTestId("chart-day")).toHaveCount(7);
    await expect(sales.getByText("vs the previous 7 days").or(sales.getByText("None in the previous 7 days")).first()).toBeVisible();

    // Hover shows a day's figures; so does keyboard focus, and the arrow keys move between days.
    const days = sales.getByTestId("chart-day");
    await days.nth(3).hover();
    await expect(days.nth(3).locator("span").last()).toBeVisible();
    await expect(days.nth(3).locator("span").last()).toContainText(/Refunds \$/);
    await page.mouse.move(0, 0);
    await days.nth(6).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(days.nth(5)).toBeFocused();
    await expect(days.nth(5)).toHaveAttribute("aria-label", /^[A-Z][a-z]{2} \d{1,2}, \d{4}: sales \$[\d,.]+, \d+ orders?, refunds \$[\d,.]+$/);
    await expect(days.nth(5).locator("span").last()).toBeVisible();
    await expectAccessible(page);

    // A custom range from the form; a reversed one is refused beside the dates.
    const custom = sales.getByRole("form", { name: "Custom sales range" });
    await custom.getByLabel("From").fill("2026-01-01");
    await custom.getByLabel("To").fill("2026-01-10");
    await custom.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/range=custom&from=2026-01-01&to=2026-01-10/);
    await expect(sales.getByTestId("sales-range")).toHaveText("Custom range: Jan 1, 2026 – Jan 10, 2026");
    await expect(days).toHaveCount(10);
    const refused = await page.request.get("/admin/dashboard?range=custom&from=2026-01-10&to=2026-01-01");
    expect(refused.status()).toBe(400);
    await page.goto("/admin/dashboard?range=custom&from=2026-01-10&to=2026-01-01");
    await expect(sales.getByRole("alert")).toHaveText("The start date must be on or before the end date. Showing the last 30 days.");
    await expect(custom.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // Top sellers and low stock are there (their figures are checked by tests/integration/admin-dashboard.test.ts).
    for (const name of ["Top products", "Top colours", "Low stock"]) await expect(page.getByRole("heading", { name })).toBeVisible();
  });
});
