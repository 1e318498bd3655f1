import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, payWithTestCard, readEvents, SHIPPING, startCheckout, submitForm } from "./shop";
import type { Instance } from "./instances";
import { twoInstancesOnPostgres } from "./two-instances";
import { DEFAULT_SHIPPING_METHODS } from "../../server/pricing/defaults";

/**
 * Two app processes on one PostgreSQL (and one Redis when REDIS_URL is set), as behind a load
 * balancer: what one does, the other shows at once, without sticky sessions.
 */
const cluster = twoInstancesOnPostgres();
let a: Instance;
let b: Instance;
let sql: pg.Client;
beforeAll(() => {
  ({ a, b, sql } = cluster);
});

describe("two instances on one PostgreSQL", () => {
  it("a session made on one instance is valid on the other", async () => {
    const cookie = await adminCookie(a.url);
    const res = await fetch(`${b.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(200);
  });

  it("a blog post published on one reaches a reader of the other live, and its /blog on the next request", async () => {
    const title = `Published on A ${Date.now()}`;
    const stream = readEvents(`${b.url}/api/blog/events`, undefined, (text) => text.includes(title));
    await stream.ready;
    const cookie = await adminCookie(a.url);
    const saved = await submitForm(
      `${a.url}/admin/posts/editor/new`,
      { intent: "publish", visibility: "published", title, contentHtml: "<p>Written on instance A.</p>", image: "", excerpt: "", slug: "", author: "Admin", tags: "ops" },
      { cookie },
    );
    expect(saved.status).toBe(200);
    await expect(stream.finished).resolves.toContain(title);
    const blog = await (await fetch(`${b.url}/blog`)).text();
    expect(blog).toContain(title);
  });

  it("a catalogue change written through one is served by the other on the next request", async () => {
    const before = await (await fetch(`${b.url}/products/r36s`)).text();
    expect(before).toContain("$49.99");
    // The admin's R36S reset tool on A rewrites the product (and announces it); B's cached copy must go.
    await sql.query("UPDATE products SET price_cents = 4599 WHERE slug = 'r36s'");
    const cookie = await adminCookie(a.url);
    const reset = await submitForm(`${a.url}/admin/update-r36s`, {}, { cookie });
    expect(reset.status).toBe(200);
    const after = await (await fetch(`${b.url}/products/r36s`)).text();
    expect(after).toContain("$45.99");
    expect(after).not.toContain("$49.99");
  });

  it("settings saved in the back office of one are served by the other on its next request", async () => {
    // B has the settings cached (policy and footer read them on every page).
    const policyBefore = await (await fetch(`${b.url}/shipping-policy`)).text();
    expect(policyBefore).toContain("£3.99, free on orders of £40.00 or more");
    expect(await (await fetch(`${b.url}/contact`)).text()).toContain("support@pocketretro.example");

    const cookie = await adminCookie(a.url);
    const zone: Record<string, string> = { marketId: "uk", intent: "save" };
    DEFAULT_SHIPPING_METHODS.filter((m) => m.marketId === "uk").forEach((m, i) => {
      Object.assign(zone, {
        [`methods.${i}.id`]: m.id,
        [`methods.${i}.name`]: m.name,
        [`methods.${i}.price`]: m.id === "uk-standard" ? "5.49" : (m.priceMinor / 100).toFixed(2),
        [`methods.${i}.freeFrom`]: m.freeFromMinor === null ? "" : (m.freeFromMinor / 100).toFixed(2),
        [`methods.${i}.minDays`]: String(m.minDays),
        [`methods.${i}.maxDays`]: String(m.maxDays),
        [`methods.${i}.cutoff`]: m.sameDayCutoff ?? "",
        [`methods.${i}.position`]: String(m.position),
        [`methods.${i}.enabled`]: "on",
      });
    });
    const shipping = await submitForm(`${a.url}/admin/settings/shipping`, zone, { cookie });
    expect(shipping.status, shipping.body.slice(0, 300)).toBe(302);
    const store = await submitForm(
      `${a.url}/admin/settings`,
      { shopName: "Pocket Retro", supportEmail: "help@pocketretro.example", phone: "+44 20 7946 0321", address: "14 Lantern Yard, Camden, London NW1 8QP, United Kingdom" },
      { cookie },
    );
    expect(store.status).toBe(302);

    // Asked at once, as the catalogue test above: the save announced the change at commit, before A answered.
    const policyAfter = await (await fetch(`${b.url}/shipping-policy`)).text();
    expect(policyAfter).toContain("£5.49, free on orders of £40.00 or more");
    const contact = await (await fetch(`${b.url}/contact`)).text();
    expect(contact).toContain("help@pocketretro.example");
    expect(contact).not.toContain("support@pocketretro.example");
  });

  it("an order paid through one raises the live 'paid' event for an admin connected to the other", async () => {
    const cookie = await adminCookie(b.url);
    const stream = readEvents(`${b.url}/api/admin/orders/events`, cookie, (text) => /"action":"paid"/.test(text));
    await stream.ready;
    const { rows } = await sql.query<{ id: string }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'rg35xx-pro' LIMIT 1");
    const { payUrl } = await startCheckout(a.url, rows[0].id, "two-instances@example.com");
    expect((await payWithTestCard(payUrl)).status).toBe(303);
    const text = await stream.finished;
    expect(text).toContain(`"name":"${SHIPPING.name}"`);
  });

  it("a rate limit counts the attempts made on both", async () => {
    const visitor = { "X-Forwarded-For": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await submitForm(
        `${target.url}/contact`,
        { name: "Rate Tester", email: "rate@example.com", subject: "Hello", message: `Attempt ${i}: is the shop open on Sundays?` },
        { headers: visitor },
      );
      statuses.push(res.status);
    }
    // Five messages per visitor per ten minutes, wherever they land.
    expect(statuses.slice(0, 5).every((s) => s < 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
