import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";
import { fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";

/**
 * Issue 14, orders list: unpaid checkouts are Abandoned checkouts, not orders, and the dashboard
 * counts what the list counts; filters live in the URL; dates in the admin's zone; cards on a phone;
 * the confirmation resent from the order page.
 */

/** A shopper buys an R36S (Orange) and pays, or stops at the payment page; returns the order number if paid. */
async function checkout(
  browser: Browser,
  shopper: { name: string; email: string },
  pay: boolean,
): Promise<string | null> {
  const context = await browser.newContext();
  await context.addInitScript(
    (key) => localStorage.setItem(key, String(Date.now() + 86_400_000)),
    PROMO_DISMISSED_KEY,
  );
  const page = await context.newPage();
  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: "Orange" }).check();
  await page.getByRole("button", { name: "Buy Now" }).click();
  await fillShipping(page, {
    email: shopper.email,
    name: shopper.name,
    line1: "3 List Lane",
    postalCode: "N1 1AA",
  });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  let number: string | null = null;
  if (pay) {
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/checkout-success\?session_id=/);
    number = await page.getByTestId("order-number").textContent();
  }
  await context.close();
  return number;
}

const countIn = async (page: Page, testId: string) =>
  Number(
    (await page.getByTestId(testId).textContent())!
      .replace(/[^\d].*$/s, "")
      .replace(/,/g, ""),
  );

test("an unpaid checkout is an abandoned checkout, not an order; the dashboard counts what the list counts", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).replace(/\d/g, "");
  const quitter = {
    name: `Quinn Abandon${suffix}`,
    email: `abandon-${Date.now()}@example.com`,
  };
  const buyer = {
    name: `Paula Listed${suffix}`,
    email: `listed-${Date.now()}@example.com`,
  };
  await checkout(browser, quitter, false);
  const number = (await checkout(browser, buyer, true))!;

  await signInAsAdmin(page, "/admin/orders");
  await expect(
    page.getByTestId("order-row").filter({ hasText: number }),
  ).toBeVisible();
  await page.getByLabel("Search").fill(quitter.email);
  // The search is typo tolerant: with no exact hit it may list near matches (the buyer's address shares
  // the digits), but never the abandoned checkout.
  await expect(page).toHaveURL(/q=abandon/);
  await expect(page.getByTestId("order-count")).toContainText(/match/);
  await expect(page.getByTestId("order-row").filter({ hasText: quitter.email })).toHaveCount(0);
  await expect(
    page
      .getByRole("combobox", { name: "Status" })
      .getByRole("option", { name: "Pending" }),
  ).toHaveCount(0);

  await page
    .getByRole("link", { name: /^Abandoned checkouts \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/abandoned$/);
  const abandoned = page
    .getByTestId("abandoned-row")
    .filter({ hasText: quitter.email });
  await expect(abandoned).toContainText(quitter.name);
  await expect(abandoned).toContainText("R36S Retro Handheld (Orange)");
  await expect(abandoned).toContainText("$62.98");
  await expect(abandoned).toContainText("Open: units still reserved");
  await expect(
    page.getByTestId("abandoned-row").filter({ hasText: buyer.email }),
  ).toHaveCount(0);
  await expectAccessible(page);
  const abandonedCount = await countIn(page, "abandoned-count");

  await page.goto("/admin/orders");
  const listed = await countIn(page, "order-count");
  await page.goto("/admin/dashboard");
  const card = page
    .getByRole("heading", { name: "Total Orders" })
    .locator("..");
  await expect(card.locator("p").first()).toHaveText(
    listed.toLocaleString("en-US"),
  );
  await expect(page.getByTestId("orders-counted")).toContainText(
    `Not counted: ${abandonedCount} abandoned checkout`,
  );
  // The dashboard's axe at 1280 px is admin-dashboard.spec.ts's.
});

test.describe("an admin in New York", () => {
  test.use({
    timezoneId: "America/New_York",
    viewport: { width: 1280, height: 900 },
  });

  test("filters stay in the URL, dates show in the admin's zone, and the confirmation can be sent again", async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    const suffix = Date.now().toString(36).replace(/\d/g, "");
    const buyer = {
      name: `Tomas Zone${suffix}`,
      email: `zone-${Date.now()}@example.com`,
    };
    const number = (await checkout(browser, buyer, true))!;

    // The browser's zone reaches the server: the list and the order page say EST or EDT.
    await signInAsAdmin(page, "/admin/orders");
    const row = page.getByTestId("order-row").filter({ hasText: number });
    await expect(row.locator("time")).toHaveText(/, \d\d:\d\d E[SD]T$/);
    await expect(row).toContainText("Paid · Unfulfilled");

    await page.getByLabel("Payment").selectOption("paid");
    await expect(page).toHaveURL(/payment=paid/);
    await page.getByLabel("Fulfilment").selectOption("unfulfilled");
    await expect(page).toHaveURL(
      /payment=paid.*fulfilment=unfulfilled|fulfilment=unfulfilled.*payment=paid/,
    );
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
    }).format(new Date());
    await page.getByLabel("From").fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await expect(row).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath("orders-list-1280.png"),
      fullPage: true,
    });
    await page.reload();
    await expect(page.getByLabel("Payment")).toHaveValue("paid");
    await expect(page.getByLabel("Fulfilment")).toHaveValue("unfulfilled");
    await expect(page.getByLabel("From")).toHaveValue(today);
    await expect(row).toBeVisible();
    // Tomorrow in New York has no orders yet.
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.getByLabel("From").fill(tomorrow);
    await expect(page.getByText("No orders found")).toBeVisible();
    // The export is what the list shows with the same filters, dates in the admin's zone.
    await page.getByLabel("From").fill(today);
    await expect(row).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8");
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    // One row per order line; the order's amounts on its first line (docs/back-office.md, "Export").
    expect(lines[0]).toBe(
      "number,date (America/New_York),customer,email,status,payment,fulfilment,currency,product,colour,quantity,unit_price,line_total,refunded_units,subtotal,discount,shipping,tax,total,refunded",
    );
    const mine = lines.find((l) => l.startsWith(`${number},`))!;
    expect(mine).toContain(`,${buyer.name},${buyer.email},Processing,Paid,Unfulfilled,USD,R36S Retro Handheld,Orange,1,49.99,49.99,0,49.99,0.00,`);
    expect(mine.split(",")[1]).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d$`));
    expect(lines.slice(1).every((l) => l.includes(",Paid,Unfulfilled,"))).toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    await row.getByRole("link").first().click();
    await expect(
      page.getByRole("heading", { level: 2, name: `Order ${number}` }),
    ).toBeVisible();
    await expect(page.locator("header time").first()).toHaveText(/E[SD]T$/);
    await page
      .getByRole("button", { name: "Resend confirmation email" })
      .click();
    await expect(
      page.getByText(`Order confirmation sent again to ${buyer.email}`).first(),
    ).toBeVisible();
    const timeline = page.getByRole("list", { name: "Order timeline" });
    await expect(timeline.getByRole("listitem").first()).toContainText(
      "Confirmation resent",
    );
    await expect(timeline.getByRole("listitem").first()).toContainText(
      `Order confirmation sent again to ${buyer.email}.`,
    );
    const mail = await waitForMail(buyer.email, `order ${number}`);
    expect(mail.text).toContain(`Order number: ${number}`);
    await expectAccessible(page);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("each order is a card: nothing scrolls sideways and the customer of every row is visible", async ({
    page,
  }) => {
    await signInAsAdmin(page, "/admin/orders");
    const rows = page.getByTestId("order-row");
    await expect(rows.first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    const region = page.getByRole("region", { name: "Orders table" });
    expect(
      await region.evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
    for (const row of (await rows.all()).slice(0, 5)) {
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      const customer = row.locator("td").nth(1).locator("span").first();
      const c = (await customer.boundingBox())!;
      expect(c.x + c.width).toBeLessThanOrEqual(375);
      expect(await customer.textContent()).not.toBe("");
      await expect(
        row.getByRole("button", { name: /^Actions for order / }),
      ).toBeVisible();
    }
    // The list's axe at 375 px is admin-orders.spec.ts's ("on a phone").
    await page.screenshot({
      path: test.info().outputPath("orders-list-375.png"),
      fullPage: true,
    });
    await page.goto("/admin/orders/abandoned");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    await page.screenshot({
      path: test.info().outputPath("abandoned-375.png"),
      fullPage: true,
    });
  });
});
