import { uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { buyR36s, shopperPage, signInAsAdmin } from "./shop-steps";
import { createStaffMember } from "./staff-helpers";

/**
 * Roles as permission sets (issue 30, ADR 021): the owner defines a "Fulfilment" role (view and
 * fulfil orders) on the Roles screen and gives it to a member of staff, who then fulfils an order
 * but sees no refund form, no Cancel and only Dashboard and Orders in the menu, and whose refund
 * posted by hand is refused with 403. The role, in use, cannot be deleted.
 */

const PASSWORD = "fulfilment-password-e2e-1";

test.describe("roles", () => {
  test.use({ allowedConsoleErrors: [/status of 40[039]/] });

  test("the owner creates a Fulfilment role and gives it to a member, who can fulfil but not refund", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const ip = extraHTTPHeaders!["X-Forwarded-For"];
    const email = uniqueEmail("packer");
    const roleName = `Fulfilment ${Date.now().toString(36)}`;
    // A member on the Staff preset (invited and accepted as a shop makes them), and a paid order.
    await createStaffMember(baseURL!, ip, "staff", email, PASSWORD);
    const shopper = await shopperPage(browser, { baseURL, extraHTTPHeaders });
    const number = await buyR36s(shopper, ["Orange"], { name: "Pat Packer", email: uniqueEmail("buyer") });
    await shopper.context().close();

    // The owner opens Roles from the Staff page and creates the role.
    await signInAsAdmin(page, "/admin/staff");
    await page.getByRole("link", { name: "Roles", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/roles$/);
    await expect(page.getByRole("heading", { name: "Roles", level: 2 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Permissions of Owner" }).getByRole("listitem")).toHaveCount(11);
    const create = page.getByRole("region", { name: "Create a role" });
    await create.getByLabel("Role name").fill(roleName);
    // Refund without View orders is explained, not saved.
    await create.getByRole("checkbox", { name: /^Refund orders/ }).check();
    await create.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByRole("alert")).toHaveText("Fulfil orders and Refund orders need View orders too.");
    await expect(create.getByRole("group", { name: "Permissions" })).toHaveAttribute("aria-invalid", "true");
    await create.getByRole("checkbox", { name: /^Refund orders/ }).uncheck();
    await create.getByRole("checkbox", { name: /^View orders/ }).check();
    await create.getByRole("checkbox", { name: /^Fulfil orders/ }).check();
    await create.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText(`Role ${roleName} created.`, { exact: false })).toBeVisible();
    const permissions = page.getByRole("list", { name: `Permissions of ${roleName}` });
    await expect(permissions.getByRole("listitem")).toHaveText(["View orders", "Fulfil orders"]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("roles-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways at 390 px").toBeLessThanOrEqual(390);
    await page.getByText(`Edit ${roleName}`).click();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("roles-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // ...and gives it to the member on the Staff page.
    await page.goto("/admin/staff");
    await page.getByLabel(`Role of ${email}`, { exact: true }).selectOption({ label: roleName });
    await page.getByRole("button", { name: `Change role of ${email}` }).click();
    await expect(page.getByText(`Role changed to ${roleName}.`)).toBeVisible();

    // The member signs in: Dashboard and Orders only, fulfils the order, and no refund or cancel is offered.
    const memberContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const member = await memberContext.newPage();
    await member.setViewportSize({ width: 1280, height: 800 });
    await member.goto("/admin-login");
    await member.getByLabel("Username").fill(email);
    await member.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await member.getByRole("button", { name: "Login" }).click();
    await expect(member).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
    await expect(member.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(["Dashboard", "Orders", "Profile"]);
    await member.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
    await member.getByTestId("order-row").filter({ hasText: number }).getByText("Pat Packer").click();
    await expect(member.getByRole("heading", { level: 2, name: `Order ${number}` })).toBeVisible();
    const orderUrl = member.url();
    await expect(member.getByText("Issue a refund", { exact: true })).toHaveCount(0);
    await expect(member.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    // No link to a customer's page, which needs the Customers permission.
    await expect(member.getByRole("link", { name: "View customer" })).toHaveCount(0);
    await member.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
    await member.getByLabel("Tracking number (optional)").fill("RM-ROLE-1");
    await member.getByRole("button", { name: "Fulfil order" }).click();
    await member.getByRole("alertdialog", { name: `Fulfil order ${number}?` }).getByRole("button", { name: "Fulfil and email customer" }).click();
    await expect(member.getByTestId("fulfilment-status")).toHaveText("Fulfilled");
    await expect(member.getByText("Issue a refund", { exact: true })).toHaveCount(0);
    await member.screenshot({ path: test.info().outputPath("fulfilment-order-1280.png"), fullPage: true });
    await expectFitsPhone(member, "fulfilment-order");

    // A refund posted by hand, with the member's session, is refused by the server.
    const refused = await member.request.post(orderUrl, {
      form: { intent: "refund", reason: "By hand", key: crypto.randomUUID() },
      headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("does not include the &quot;Refund orders&quot; permission");
    await expect(member.getByTestId("payment-status")).toHaveText("Paid");
    await memberContext.close();

    // A role in use is not deleted: the owner is asked first, then told who still has it.
    await page.goto("/admin/staff/roles");
    await page.getByRole("button", { name: `Delete the ${roleName} role` }).click();
    const ask = page.getByRole("alertdialog", { name: `Delete the ${roleName} role?` });
    await ask.getByRole("button", { name: "Delete role" }).click();
    await expect(page.getByRole("alert")).toHaveText(`The ${roleName} role is in use (1 member of staff). Give them another role first.`);
    await expect(page.getByRole("list", { name: `Permissions of ${roleName}` })).toBeVisible();
  });
});
