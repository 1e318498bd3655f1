import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";

test("scratch: admin pages at 390", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "/admin/products");
  const paths = (process.env.SCRATCH_PATHS ?? "/admin/products").split(",");
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`WIDTH ${p} ${w}`);
    await page.screenshot({ path: `/tmp/i30/${p.replace(/[/?=&]/g, "_")}-390.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths[0]);
  await page.screenshot({ path: `/tmp/i30/${paths[0].replace(/[/?=&]/g, "_")}-1280.png`, fullPage: false });
  expect(true).toBe(true);
});
