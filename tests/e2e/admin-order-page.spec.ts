import { expect, expectAccessible, test } from "./fixtures";
import { buyR36s, shopperPage, signInAsAdmin } from "./shop-steps";

/** The order page's cancel dialog. The whole after-sale walk (note, fulfil, refund, return) is tests/e2e/after-sale.spec.ts. */
test("cancelling from the order page names both answers unambiguously", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const shopper = { name: "Keep Ornot", email: `cancel-page-${Date.now()}@example.com` };
  const shopperTab = await shopperPage(browser);
  const number = await buyR36s(shopperTab, ["Purple", "White"], shopper);
  await shopperTab.context().close();
  await signInAsAdmin(page, "/admin/orders");
  await page.getByRole("link", { name: new RegExp(number) }).click();
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel order ${number}?` });
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order and refund $99.98" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(page.getByText("Cancelled: Cancelled by staff")).toBeVisible();
});
