import type { Page } from "@playwright/test";
import { expect, expectAccessible, runPastPromoDelay, test } from "./fixtures";
import { waitForMail } from "./mailbox";

const faqList = (page: Page) => page.getByRole("region", { name: "Questions and answers" });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe("FAQ", () => {
  test("search on submit, case-insensitive, on questions and answers; no match offers all FAQs again", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await expect(faqList(page).getByRole("button")).toHaveCount(15);
    await expectAccessible(page);

    const search = page.getByRole("searchbox", { name: "Search FAQs" });
    // "battery" is in one question and in another question's answer only.
    await search.fill("BaTTery");
    await expect(faqList(page).getByRole("button")).toHaveCount(15); // nothing happens before submit
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/faq\?q=BaTTery$/);
    await expect(faqList(page).getByRole("button")).toHaveCount(2);
    await expect(faqList(page).getByRole("button", { name: /How long does the battery last\?/ })).toBeVisible();
    await expect(faqList(page).getByRole("button", { name: /How does the R36S compare with the R36PRO\?/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "2 of 15 questions" })).toBeVisible();

    await search.fill("zzqx-no-such-thing");
    await search.press("Enter");
    await expect(page.getByRole("heading", { name: "No FAQs found" })).toBeVisible();
    await expect(faqList(page).getByRole("button")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "View all FAQs" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(faqList(page).getByRole("button")).toHaveCount(15);
    await expect(search).toHaveValue("");
  });

  test("the accordion keeps one answer open at a time and can close it; Contact Support goes to /contact", async ({ page }) => {
    await page.goto("/faq");
    const first = faqList(page).getByRole("button", { name: /What is a retro handheld console\?/ });
    const second = faqList(page).getByRole("button", { name: /Do I need a computer/ });
    await expect(first).toContainText("general");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("It is a pocket-sized games console")).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("It is a pocket-sized games console")).toBeHidden();
    await expectAccessible(page);
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("link", { name: "Contact Support" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the page carries FAQPage structured data", async ({ page }) => {
    await page.goto("/faq");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(15);
    await expect(page).toHaveTitle(/Frequently Asked Questions/);
  });
});

test.describe("contact", () => {
  // The browser reports the 400/429 answers of the action in the console; they are expected here.
  // (One pattern: Playwright would read a two-element array as [value, options].)
  test.use({ allowedConsoleErrors: [/status of (400|429)/] });

  test("shows the side panels and a field error for each empty field", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "support@pocketretro.example" }).first()).toBeVisible();
    await expect(page.getByText("14 Lantern Yard, Camden, London").first()).toBeVisible();
    const hours = page.getByRole("region", { name: "Business Hours" });
    await expect(hours).toContainText("Mon-Fri9:00 AM-6:00 PM");
    await expect(hours).toContainText("Saturday10:00 AM-4:00 PM");
    await expect(hours).toContainText("SundayClosed");
    await expect(field(page, "Message")).toHaveAttribute("rows", "5");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Send Message" }).click();
    const expected = {
      "Your Name": "Please enter your name.",
      "Email Address": "Please enter your email address.",
      Subject: "Please enter a subject.",
      Message: "Please enter a message.",
    };
    for (const [label, message] of Object.entries(expected)) {
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(field(page, "Your Name")).toBeFocused();
    await expectAccessible(page);
  });

  test("a malformed email is refused with its message and the typed values are kept", async ({ page }) => {
    await page.goto("/contact");
    await field(page, "Your Name").fill("Ada Player");
    await field(page, "Email Address").fill("ada@");
    await field(page, "Subject").fill("Battery");
    await field(page, "Message").fill("How long does it last?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(field(page, "Email Address")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(page.getByText("Please enter your name.")).toHaveCount(0);
    await expect(field(page, "Your Name")).toHaveValue("Ada Player");
    await expect(field(page, "Email Address")).toHaveValue("ada@");
    await expect(field(page, "Message")).toHaveValue("How long does it last?");
  });

  test("a valid message is sent, confirmed, the form cleared and support mailed", async ({ page }) => {
    const subject = `Order question ${Date.now()}`;
    await page.goto("/contact");
    await field(page, "Your Name").fill("Ada Player");
    await field(page, "Email Address").fill("ada@example.com");
    await field(page, "Subject").fill(subject);
    await field(page, "Message").fill("Can I change my delivery address?");
    // Hold the answer back a moment to see the pending state.
    await page.route("**/contact.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Thank you! Your message has been sent." })).toBeVisible();
    await expect(field(page, "Your Name")).toHaveValue("");
    await expect(field(page, "Message")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expectAccessible(page);
    const mail = await waitForMail("support@pocketretro.example", `Contact form: ${subject}`);
    expect(mail.text).toContain("Can I change my delivery address?");
  });

  test("a sixth message from one address within 10 minutes gets 429", async ({ request }) => {
    // Explicit addresses (behind the trusted proxy): two clients in one test.
    const headers = { "X-Forwarded-For": "203.0.113.11" };
    const form = { name: "Bulk Sender", email: "bulk@example.com", subject: "Hello", message: "Just one more thing." };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request.post("/contact", { form, headers, maxRedirects: 0 });
      statuses.push(res.status());
      if (i === 5) {
        expect(await res.text()).toContain("Too many messages. Please try again later.");
        expect(Number(res.headers()["retry-after"])).toBeGreaterThan(500);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client is not affected.
    const other = await request.post("/contact", { form, headers: { "X-Forwarded-For": "203.0.113.12" } });
    expect(other.status()).toBe(200);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400/] });

  test("FAQ search shows its answers and the contact form shows its errors", async ({ page }) => {
    await page.goto("/faq?q=warranty");
    await expect(faqList(page).getByRole("button")).toHaveCount(1);
    await expect(page.getByText("Every console comes with a 12-month warranty")).toBeVisible();
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(field(page, "Subject")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("policy pages", () => {
  const pages = [
    ["/privacy-policy", "Privacy Policy"],
    ["/refund-policy", "Refund Policy"],
    ["/terms-of-service", "Terms of Service"],
    ["/shipping-policy", "Shipping Policy"],
  ];
  for (const [path, title] of pages) {
    test(`${path} shows its title, fixed effective date and the shop's contact details`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("Effective date: November 1, 2026")).toBeVisible();
      await expect(page.locator("article.prose-shop")).toContainText("support@pocketretro.example");
      await expect(page.locator("article.prose-shop h2").first()).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expectAccessible(page);
    });
  }
});

test.describe("promo popup", () => {
  test.use({ showPromo: true });
  const dialog = (page: Page) => page.getByRole("dialog", { name: "Partner deal" });

  test("appears a second after load without shifting the layout; Escape dismisses it for good", async ({ page }) => {
    const start = Date.now();
    await page.goto("/");
    await expect(dialog(page)).toBeVisible();
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    const box = await dialog(page).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(500);
    await expectAccessible(page);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) =>
            resolve(list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0)),
          ).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 200);
        }),
    );
    expect(shift).toBeLessThan(0.05);

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    const until = Number(await page.evaluate(() => localStorage.getItem("promo-dismissed-until")));
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await page.clock.install();
    await page.reload();
    await runPastPromoDelay(page);
    await expect(dialog(page)).toBeHidden();
  });

  test("the Close button and a click on the overlay dismiss it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/blog");
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    // A new visit that forgot the dismissal: no storage, no session cookie.
    await page.evaluate(() => localStorage.removeItem("promo-dismissed-until"));
    await page.context().clearCookies();
    await page.reload();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.mouse.click(5, 5);
    await expect(dialog(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("promo-dismissed-until"))).not.toBeNull();
  });

  test("clicking the image opens the partner offer in a new tab and closes the popup", async ({ page, context }) => {
    // The partner's site is outside the test: answer for it locally.
    await context.route((url) => url.hostname !== "localhost", (route) => route.fulfill({ contentType: "text/html", body: "<title>Offer</title>" }));
    await page.goto("/products");
    const offer = dialog(page).getByRole("link", { name: /Partner deal/ });
    await expect(offer).toHaveAttribute("target", "_blank");
    await expect(offer).toHaveAttribute("rel", "noopener noreferrer");
    const href = await offer.getAttribute("href");
    expect(href).toMatch(/^https:\/\//);
    const [popup] = await Promise.all([page.waitForEvent("popup"), offer.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(href);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(dialog(page)).toBeHidden();
  });
});
