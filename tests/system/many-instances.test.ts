import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { adminCookie, payWithTestCard, readEvents, SHIPPING, startCheckout, submitForm } from "./shop";
import { startInstance, type Instance } from "./instances";

/**
 * Two app processes on one PostgreSQL (and one Redis when REDIS_URL is set), as behind a load
 * balancer: what one does, the other shows at once, without sticky sessions.
 */
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let a: Instance;
let b: Instance;
let sql: pg.Client;

beforeAll(async () => {
  database = await createPostgresDatabase();
  // Client addresses come from X-Forwarded-For, as behind a proxy: the rate-limit test is one visitor.
  const env = { TRUST_PROXY: "loopback", SMTP_URL: "", STRIPE_SECRET_KEY: "" };
  // One after the other: the first applies the migrations and seeds, the second finds them done.
  a = await startInstance(database.url, env);
  b = await startInstance(database.url, env);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
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
