import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { adminCookie, submitForm } from "./shop";
import { freePort, startInstance, waitFor, type Instance } from "./instances";

/**
 * Debian's nginx as a caching proxy in front of one instance (docs/operations.md, "Page cache and
 * CDN"): it keeps shared pages for their s-maxage, so a product edit shows through it within that
 * time; a shared page holds nothing of a signed-in visitor or a shopper with a cart (ADR 018), and
 * their own pages (account, cart, /api/personal) are never kept. `.ci/run`
 * installs nginx; the test starts its own on a free port with a configuration in a temporary
 * directory, and stops it by its pid.
 */
const S_MAXAGE = 3;
/** Debian puts nginx in /usr/sbin, which a non-root PATH may lack. */
const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Accept: "text/html", ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

/** The proxy part of the documented configuration, with this test's paths and ports. */
function nginxConfig(dir: string, port: number, upstream: number) {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=shop_pages:10m max_size=256m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache shop_pages;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
      proxy_cache_background_update on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let shop: Instance;
let sql: pg.Client;
let nginx: ChildProcess | undefined;
let nginxExited: Promise<void> | undefined;
let dir: string;
let front: string;

beforeAll(async () => {
  const found = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
  if (found.error) throw new Error("this test needs Debian's nginx (apt-get install nginx-light; .ci/run installs it)");
  database = await createPostgresDatabase();
  shop = await startInstance(database.url, { SMTP_URL: "", STRIPE_SECRET_KEY: "", PAGE_S_MAXAGE: String(S_MAXAGE), PAGE_STALE_WHILE_REVALIDATE: "30" });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-"));
  // nginx's workers run as an unprivileged user when started by root: they must write here.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  front = `http://127.0.0.1:${port}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, shop.port));
  let output = "";
  nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  nginx.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const child = nginx;
  nginxExited = new Promise((resolve) => child.once("exit", () => resolve()));
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    return (await get(`${front}/healthz`)).status === 200;
  }, "nginx in front of the shop", 30_000);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill("SIGTERM");
    await nginxExited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await sql?.end();
  await shop?.stop();
  await database?.drop();
});

describe("nginx proxy_cache in front of the shop", () => {
  it("keeps an anonymous page, and shows a product edit within the page's s-maxage", async () => {
    await get(`${front}/products`);
    const cached = await get(`${front}/products`);
    expect(cached.headers["x-cache-status"]).toBe("HIT");
    expect(cached.body).toContain("R36PRO Handheld Console");
    const { rows } = await sql.query<{ id: string }>("SELECT id FROM products WHERE title = 'R36PRO Handheld Console'");
    const cookie = await adminCookie(shop.url);
    const deleted = await submitForm(`${shop.url}/admin/products`, { intent: "delete", id: rows[0].id }, { cookie });
    expect(deleted.status).toBeLessThan(400);
    const editedAt = Date.now();
    // The shop itself shows it at once; nginx once its copy is older than s-maxage.
    expect((await get(`${shop.url}/products`)).body).not.toContain("R36PRO Handheld Console");
    await waitFor(async () => !(await get(`${front}/products`)).body.includes("R36PRO Handheld Console"), "the edit through nginx", 30_000);
    // One request after expiry may still get the stale copy while nginx refreshes it in the background.
    expect(Date.now() - editedAt).toBeLessThan((S_MAXAGE + 2) * 1000);
  });

  it("gives a signed-in visitor the shared page, which holds nothing of theirs, and never keeps their own pages", async () => {
    await get(`${front}/products/r36s`);
    expect((await get(`${front}/products/r36s`)).headers["x-cache-status"]).toBe("HIT");
    const cookie = await adminCookie(shop.url);
    for (let i = 0; i < 2; i++) {
      // The page everyone gets (ADR 018): their menu comes from /api/personal after load.
      const shared = await get(`${front}/products/r36s`, { Cookie: cookie });
      expect(shared.status).toBe(200);
      expect(shared.headers["cache-control"]).toMatch(/^public, s-maxage=/);
      expect(shared.body).not.toContain('aria-label="Account menu"');
      expect(shared.body).not.toContain("ops-admin@example.com");
      const mine = await get(`${front}/account`, { Cookie: cookie });
      expect(mine.status).toBe(200);
      expect(mine.headers["x-cache-status"]).not.toBe("HIT");
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(mine.body).toContain('aria-label="Account menu"');
      const own = await get(`${front}/api/personal`, { Cookie: cookie, Accept: "application/json" });
      expect(own.headers["x-cache-status"]).not.toBe("HIT");
      expect(JSON.parse(own.body)).toMatchObject({ user: { email: "ops-admin@example.com" } });
    }
    const anonymous = await get(`${front}/products/r36s`);
    expect(anonymous.headers["x-cache-status"]).toBe("HIT");
    expect(anonymous.body).not.toContain('aria-label="Account menu"');
    expect(anonymous.body).not.toContain("ops-admin@example.com");
  });

  it("never keeps a page of a shopper with a cart, nor puts their badge in a shared one", async () => {
    const { rows } = await sql.query<{ id: string }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'r36s' LIMIT 1");
    const added = await submitForm(`${shop.url}/cart`, { intent: "add", variantId: rows[0].id, quantity: "2" });
    const cookie = added.cookies.join("; ");
    for (let i = 0; i < 2; i++) {
      expect((await get(`${front}/products/r36s`, { Cookie: cookie })).body).not.toContain("Cart, 2 items");
      const mine = await get(`${front}/cart`, { Cookie: cookie });
      expect(mine.headers["x-cache-status"]).not.toBe("HIT");
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(mine.body).toContain('aria-label="Cart, 2 items"');
    }
    expect((await get(`${front}/cart`)).body).not.toContain("Cart, 2 items");
  });
});
