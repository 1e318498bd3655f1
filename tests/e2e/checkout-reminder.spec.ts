import { uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { linkIn, readAll } from "./mailbox";
import { addToCart, fillShipping, payWithCard, shopperPage } from "./shop-steps";

/**
 * Issue 31, 7: the abandoned checkout reminder end to end. The e2e shop reminds after 36 seconds
 * (REMINDER_DELAY_HOURS in shop-server.ts) and its job runs every few seconds, so the test waits for
 * the email itself, not for a clock.
 */

const SUBJECT = "You left something in your cart at";
const remindersTo = (email: string) => readAll().filter((m) => m.to.includes(email) && m.subject.includes(SUBJECT));

test("a consenting shopper who does not pay gets one reminder whose link restores the cart on another device; a paid checkout gets none", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // Paid first, so by the time the unpaid checkout's reminder arrives the job has long passed this one's due time.
  const payer = uniqueEmail("remind-paid");
  await addToCart(page, "r36s", "Orange");
  await page.goto("/checkout");
  await fillShipping(page, { email: payer, name: "Paula Paid", line1: "1 Paid Road", postalCode: "10001" });
  await page.getByLabel("Email me offers and reminders").check();
  await page.getByRole("button", { name: /^Continue to Payment/ }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);

  const leaver = uniqueEmail("remind-left");
  const shopper = await shopperPage(browser, { viewport: { width: 375, height: 800 } });
  await addToCart(shopper, "r36s", "Purple");
  await shopper.goto("/checkout");
  await fillShipping(shopper, { email: leaver, name: "Leo Left", line1: "2 Unpaid Street", postalCode: "10001" });
  const consent = shopper.getByLabel("Email me offers and reminders");
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expectFitsPhone(shopper, "checkout-reminder-consent");
  await shopper.getByRole("button", { name: /^Continue to Payment/ }).click();
  await shopper.waitForURL(/\/pay\/test\//);
  await shopper.context().close();

  await expect.poll(() => remindersTo(leaver).length, { message: "the unpaid checkout's reminder", timeout: 120_000, intervals: [1000] }).toBe(1);
  expect(remindersTo(payer), "no reminder for the paid checkout").toEqual([]);
  const [mail] = remindersTo(leaver);
  expect(mail.text).toMatch(/^List-Unsubscribe:\s+<[^>]*\/unsubscribe\?token=/m);
  expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

  // Another device: a fresh browser opens the link and lands on its cart, holding the checkout's line.
  const device = await shopperPage(browser, { viewport: { width: 390, height: 844 } });
  await device.goto(linkIn(mail, `${baseURL}/cart/restore?token=`));
  await expect(device).toHaveURL(/\/cart$/);
  await expect(device.getByRole("main")).toContainText("R36S");
  await expect(device.getByRole("main")).toContainText("Purple");
  await expectAccessible(device);

  // A tampered link says so.
  await device.goto("/cart/restore?token=forged.0.abc");
  await expect(device.getByRole("alert")).toHaveText("This link to your cart is not valid. Please add the products to your cart again.");
  await expectFitsPhone(device, "checkout-reminder-refused");

  // The unsubscribe link shows a button (a GET unsubscribes nobody); pressing it confirms.
  await device.goto(linkIn(mail, `${baseURL}/unsubscribe?token=`));
  await expectAccessible(device);
  await device.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(device.getByRole("main").getByRole("status")).toHaveText("You are unsubscribed. We will send you no more offers or reminders.");
  await expectFitsPhone(device, "checkout-reminder-unsubscribed");
  await device.context().close();
});
