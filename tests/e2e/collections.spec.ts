import { expect, expectAccessible, expectHydrated, test } from "./fixtures";
import { fillShipping, payWithCard, publishProduct, signInAsAdmin } from "./shop-steps";

/** Issue 15, "Collections and accessories": product types, products without options, "Goes well with". */

const cardTitles = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });

test.describe("Collections and accessories", () => {
  for (const width of [1280, 375]) {
    test(`the Accessories collection lists the accessories with the list's filters at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/products");
      await expect(page.getByTestId("product-count")).toHaveText("7 products");
      await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Accessories" }).click();
      await expect(page).toHaveURL(/\/collections\/accessories$/);
      await expect(page.getByRole("heading", { level: 1, name: "Accessories" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Accessories" }).first()).toHaveAttribute("aria-current", "page");
      await expect(cardTitles(page)).toHaveText(["Hard Shell Carrying Case", "Tempered Glass Screen Protector (2-pack)", "128GB microSD Card", "20W USB-C Charger"]);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/collection-accessories-${width}.png`, fullPage: true });
      // The colour filter offers only real colours: the accessories without options add none.
      await page.goto("/collections/accessories?colour=Black&sort=price-asc");
      await expect(cardTitles(page)).toHaveText(["20W USB-C Charger", "Hard Shell Carrying Case"]);
      const consoles = await page.request.get("/collections/consoles");
      expect(consoles.status()).toBe(200);
      expect((await page.request.get("/collections/gadgets")).status()).toBe(404);
    });
  }

  test("a product without options: no colour picker, and its line names no colour in cart, checkout and the order", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/products/microsd-128gb");
    await expect(page.getByRole("heading", { level: 1, name: "128GB microSD Card" })).toBeVisible();
    await expect(page.getByRole("radiogroup")).toHaveCount(0);
    await expect(page.getByText("Colour:")).toHaveCount(0);
    await expect(page.getByText("In Stock")).toBeVisible();
    // Structured data names the product and its offer.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld.name).toBe("128GB microSD Card");
    expect(ld.offers.availability).toMatch(/InStock$/);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/accessory-no-options-375.png", fullPage: true });

    await page.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Added to Cart" });
    await expect(drawer).toContainText("128GB microSD Card");
    await expect(drawer).not.toContainText("Colour");
    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toContainText("128GB microSD Card");
    await expect(line).not.toContainText("Colour");
    await expect(page.getByRole("button", { name: "Remove 128GB microSD Card", exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await fillShipping(page, { email: `card-${Date.now()}@example.com`, name: "Mo Card", line1: "1 Memory Lane", postalCode: "10001" });
    await expect(page.getByRole("main")).not.toContainText("Colour");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    // The order's line is the product's title alone: no "()" where a colour would be (at 375 px the
    // unit price follows as "… each").
    const item = page.getByRole("table", { name: "Your order" }).getByRole("cell").first();
    await expect(item).toHaveText(/^128GB microSD Card\s*\$[\d.]+ each$/);
  });

  test("a console offers accessories that go with it; one is added from there and from the cart", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/products/r36pro");
    const offers = page.getByRole("region", { name: "Goes well with" });
    await expect(offers.getByRole("article")).toHaveCount(4);
    // The offers hydrate with the rest of what is below the buy box, once that code arrives.
    await expectHydrated(offers.getByRole("combobox", { name: "Colour of 20W USB-C Charger" }));
    await offers.getByRole("combobox", { name: "Colour of 20W USB-C Charger" }).selectOption({ label: "Black" });
    await offers.getByRole("button", { name: "Add 20W USB-C Charger to cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Added to Cart" });
    await expect(drawer).toContainText("20W USB-C Charger");
    await expect(drawer).toContainText("Colour: Black");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expectAccessible(page);
    // An accessory's own page offers nothing more.
    await page.goto("/products/usb-c-charger");
    await expect(page.getByRole("region", { name: "Goes well with" })).toHaveCount(0);

    await page.goto("/cart");
    await expect(page.getByTestId("cart-line").filter({ hasText: "20W USB-C Charger" })).toContainText("Colour: Black");
    const inCart = page.getByRole("region", { name: "Goes well with" });
    await expect(inCart.getByRole("article")).toHaveCount(3);
    await expect(inCart).not.toContainText("20W USB-C Charger");
    await inCart.getByRole("button", { name: "Add Tempered Glass Screen Protector (2-pack) to cart" }).click();
    // In the cart the line appears in place, confirmed by a toast rather than the drawer.
    await expect(page.getByText("1 x Tempered Glass Screen Protector (2-pack)", { exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-line").filter({ hasText: "Tempered Glass Screen Protector (2-pack)" })).toBeVisible();
    await expect(inCart.getByRole("article")).toHaveCount(2);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/cart-goes-well-with-375.png", fullPage: true });
  });

  test("the admin creates an accessory without options in the Accessories collection", async ({ page }) => {
    const title = `Cleaning Kit ${Date.now()}`;
    await signInAsAdmin(page, "/admin/products/new");
    await page.getByLabel("Product Title").fill(title);
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("A cloth and a brush for screens and buttons.");
    await page.getByLabel("Price", { exact: true }).fill("4.99");
    await page.getByLabel("Collection").selectOption("accessory");
    await page.getByRole("radio", { name: "No options (one stock count)" }).check();
    await page.getByRole("spinbutton", { name: "Stock", exact: true }).fill("9");
    await expect(page.getByRole("button", { name: "Add colour" })).toHaveCount(0);
    await expectAccessible(page);
    await publishProduct(page);
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Accessory");

    await page.goto("/collections/accessories");
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("radiogroup")).toHaveCount(0);
    await expect(page.getByText("In Stock")).toBeVisible();

    // Back in the editor: still without options, the stock as saved.
    await page.goto("/admin/products");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("radio", { name: "No options (one stock count)" })).toBeChecked();
    await expect(page.getByRole("spinbutton", { name: "Stock", exact: true })).toHaveValue("9");
    await expect(page.getByLabel("Collection")).toHaveValue("accessory");
    page.on("dialog", (d) => void d.accept());
    await page.goto("/admin/products");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  });
});
