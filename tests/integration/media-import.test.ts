import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePost } from "../../server/blog/write";
import { db } from "../../server/db/client";
import { media } from "../../server/media/schema";
import { importRemoteImages } from "../../server/media/import-images";
import { fetchRemoteImage, isPublicAddress } from "../../server/media/remote-image";
import { postFormSchema } from "../../core/post-form";
import { useTestDatabase } from "./test-db";

/**
 * Images linked from other sites are copied into the media library on save, fetched by the server
 * under SSRF rules. A real HTTP server on loopback plays the other site: refused by default (it is
 * a private address), let through only where a test widens the rule to exactly 127.0.0.1.
 */
const admin = { id: "admin-media-import", email: "admin@pocketretro.example" };
let server: http.Server;
let base = "";
const hits: string[] = [];
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c2410c" } }).png().toBuffer();
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/pixel.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(png);
    if (req.url === "/to-metadata") return res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (req.url === "/to-private") return res.writeHead(301, { Location: "http://10.0.0.1/pixel.png" }).end();
    if (req.url === "/to-pixel") return res.writeHead(302, { Location: "/pixel.png" }).end();
    if (req.url === "/page.html") return res.writeHead(200, { "Content-Type": "image/png" }).end("<html>not an image</html>");
    if (req.url === "/huge.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(Buffer.concat([png, Buffer.alloc(9 * 1024 * 1024)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const onlyThisLoopback = (address: string) => address === "127.0.0.1";

async function refusal(url: string, options = {}): Promise<string> {
  return fetchRemoteImage(url, options).then(
    () => "fetched",
    (err: Error) => err.message,
  );
}

describe("importing images linked from other sites", () => {
  useTestDatabase();

  it("knows private, loopback, link-local, reserved and mapped addresses from public ones", () => {
    const refused = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "::ffff:a00:1", "64:ff9b::a00:1", "2002:7f00:1::1", "not-an-ip"];
    const allowed = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    expect(allowed.filter(isPublicAddress)).toEqual(allowed);
  });

  it("refuses private targets, named or literal, before and after a redirect, and anything not an image or too large", async () => {
    const port = new URL(base).port;
    hits.length = 0;
    expect(await refusal(`${base}/pixel.png`)).toMatch(/not on the public internet/);
    expect(await refusal(`http://localhost:${port}/pixel.png`)).toMatch(/not on the public internet/);
    expect(await refusal(`http://[::1]:${port}/pixel.png`)).toMatch(/not on the public internet/);
    expect(await refusal("http://169.254.169.254/latest/meta-data/")).toMatch(/not on the public internet/);
    expect(await refusal(`http://user:secret@127.0.0.1:${port}/pixel.png`, { allowAddress: onlyThisLoopback })).toMatch(/user name or password/);
    expect(await refusal("file:///etc/passwd")).toMatch(/http\(s\) only/);
    // Nothing above reached the server.
    expect(hits).toEqual([]);
    // A first hop allowed, its redirect to a private address is not.
    expect(await refusal(`${base}/to-metadata`, { allowAddress: onlyThisLoopback })).toMatch(/169\.254\.169\.254 is not on the public internet/);
    expect(await refusal(`${base}/to-private`, { allowAddress: onlyThisLoopback })).toMatch(/10\.0\.0\.1 is not on the public internet/);
    expect(await refusal(`${base}/page.html`, { allowAddress: onlyThisLoopback })).toMatch(/not a PNG, JPEG, WebP, GIF or AVIF image/);
    expect(await refusal(`${base}/huge.png`, { allowAddress: onlyThisLoopback })).toMatch(/larger than 8 MB/);
    expect(await refusal(`${base}/to-pixel`, { allowAddress: onlyThisLoopback })).toBe("fetched");
  });

  it("copies an image into the library once, however often it appears, and rewrites each tag to the copy", async () => {
    hits.length = 0;
    const before = (await db().select({ id: media.id }).from(media)).length;
    const html = `<p>One</p><img src="${base}/pixel.png" alt="A pixel"><p>Two</p><img src="${base}/pixel.png" alt="Again">`;
    const out = await importRemoteImages(html, { allowAddress: onlyThisLoopback });
    expect(hits).toEqual(["/pixel.png"]);
    expect((await db().select({ id: media.id }).from(media)).length).toBe(before + 1);
    const srcs = [...out.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs).toHaveLength(2);
    expect(srcs.every((s) => /^\/media\/[0-9a-f-]+-\d+\.webp$/.test(s))).toBe(true);
    expect(out).toContain('alt="A pixel"');
    expect(out).toContain('alt="Again"');
    expect(out).not.toContain(base);
  });

  it("a saved post keeps no image from another site: a tracking pixel on a private or unreachable host is left out", async () => {
    hits.length = 0;
    const contentHtml = `<p>Read me</p><img src="https://tracker.invalid/p.gif?visitor=1" alt=""><img src="${base}/pixel.png" alt="internal">`;
    const form = postFormSchema.parse({ intent: "publish", visibility: "published", title: "Pixels", contentHtml, image: "https://tracker.invalid/hero.png", excerpt: "", slug: "", author: "", tags: "" });
    const saved = await savePost(null, form, admin);
    const external = [...saved.contentHtml.matchAll(/<img[^>]*src="(https?:[^"]*)"/g)].map((m) => m[1]);
    expect({ externalImages: external, image: saved.image, serverHits: hits.length }).toEqual({ externalImages: [], image: null, serverHits: 0 });
    expect(saved.contentHtml).toContain("Read me");
  });
});
