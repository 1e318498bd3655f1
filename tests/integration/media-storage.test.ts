import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMedia } from "../../server/http/media";
import { storeArtwork, storeImage } from "../../server/media";
import { copyObjects, localStore, mediaStore, s3Store, type ObjectStore } from "../../server/storage";
import { startFakeS3 } from "./fake-s3";
import { useTestDatabase } from "./test-db";
import type { StoredImage } from "../../core/images";

/**
 * Issue 32: media go through one store, a local folder or an S3-compatible bucket. Both adapters are
 * driven the same way (uploads, seed artwork, serving, delete, a missing object), the bucket being
 * s3rver in this process; then what only the bucket has: an outage, CDN redirects and the copy.
 */
const s3 = await startFakeS3();
afterAll(() => s3.stop());

/** The /media route of the app, on its own port: what a browser asks for an image. */
async function mediaServer(opts: Parameters<typeof serveMedia>[0]) {
  const app = express().use("/media", serveMedia(opts));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

const png = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const keyOf = (src: string) => src.replace(/^\/media\//, "");
/** Every rendition of an image: srcset in WebP and AVIF, and the zoom. */
const allOf = (image: StoredImage) => [...image.renditions, ...(image.avif ?? []), ...(image.zoom ? [image.zoom] : [])];

describe.each([
  { adapter: "local", env: {} as Record<string, string> },
  { adapter: "s3", env: s3.env },
])("the $adapter media store", ({ adapter, env }) => {
  useTestDatabase({ env });
  let server: Awaited<ReturnType<typeof mediaServer>>;
  beforeAll(async () => {
    server = await mediaServer({ store: mediaStore });
  });
  afterAll(() => server.close());

  it("keeps an upload's renditions and serves them immutable, inert and revalidatable", async () => {
    const image = await storeImage(await png(1300, 650, "#0e7490"), "teal.png", "A teal handheld");
    expect(allOf(image).map((r) => `${r.width}.${r.format}`)).toEqual(["320.webp", "640.webp", "960.webp", "1300.webp"]);
    const keys = allOf(image).map((r) => keyOf(r.path));
    const listed: string[] = [];
    for await (const o of mediaStore().list()) listed.push(o.key);
    expect(listed).toEqual(expect.arrayContaining(keys));

    const res = await fetch(`${server.base}/${keys[1]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const body = Buffer.from(await res.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 640, height: 320 });
    expect(Number(res.headers.get("content-length"))).toBe(body.length);

    const head = await fetch(`${server.base}/${keys[1]}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length")]).toEqual([200, String(body.length)]);
    // A Cache-Control of its own: fetch() would add `no-cache` to a conditional request, which no server answers with 304.
    const again = await fetch(`${server.base}/${keys[1]}`, { headers: { "If-None-Match": res.headers.get("etag")!, "Cache-Control": "max-age=0" } });
    expect(again.status).toBe(304);
  });

  it("puts the seed artwork's renditions in the same store", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#${adapter === "s3" ? "7c3aed" : "16a34a"}"/></svg>`;
    const art = await storeArtwork(svg, "swatch.svg", "A swatch", { zoom: false });
    expect(allOf(art).map((r) => `${r.width}.${r.format}`)).toEqual(["320.webp", "320.avif"]);
    for (const r of allOf(art)) {
      const res = await fetch(`${server.base}/${keyOf(r.path)}`);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, `image/${r.format}`]);
    }
  });

  it("answers 404 for a deleted, a missing or a malformed key, never 500", async () => {
    const image = await storeImage(await png(400, 300, "#b91c1c"), "red.png", "A red handheld");
    const key = keyOf(image.renditions[0].path);
    expect((await fetch(`${server.base}/${key}`)).status).toBe(200);
    await mediaStore().delete(key);
    await mediaStore().delete(key); // deleting what is gone is not an error
    expect(await mediaStore().head(key)).toBeNull();
    expect(await mediaStore().get(key)).toBeNull();
    for (const missing of [key, "00000000-0000-0000-0000-000000000000-640.webp", "..%2F..%2Fetc%2Fpasswd", ".artwork-cache", "a%00b.webp"]) {
      const res = await fetch(`${server.base}/${missing}`);
      expect([missing, res.status]).toEqual([missing, 404]);
    }
  });
});

describe("the bucket's own cases", () => {
  const bucket = () => s3Store({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });

  it("answers 503 (not cached) while the bucket is out of reach", async () => {
    const gone = s3Store({ bucket: "shop-media", region: "us-east-1", endpoint: "http://127.0.0.1:9", forcePathStyle: true, credentials: { accessKeyId: "x", secretAccessKey: "y" } });
    const down = await mediaServer({ store: () => gone });
    try {
      const res = await fetch(`${down.base}/abc-320.webp`);
      expect([res.status, res.headers.get("cache-control")]).toEqual([503, "no-store"]);
    } finally {
      await down.close();
    }
  });

  it("redirects to the public base URL when one is set, without asking the store", async () => {
    const cdn = await mediaServer({ store: () => ({}) as ObjectStore, publicBaseUrl: "https://cdn.example/shop-media/" });
    try {
      const res = await fetch(`${cdn.base}/abc-320.webp`, { redirect: "manual" });
      expect([res.status, res.headers.get("location")]).toEqual([301, "https://cdn.example/shop-media/abc-320.webp"]);
      expect((await fetch(`${cdn.base}/..%2Fsecret`, { redirect: "manual" })).status).toBe(404);
    } finally {
      await cdn.close();
    }
  });

  it("copies a local media folder into the bucket, skipping what is there, and finishes a stopped copy", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-copy-"));
    try {
      const files = { "copy-a-320.webp": await png(30, 20, "#111111"), "copy-b-320.avif": await png(31, 20, "#222222"), "copy-c-640.webp": await png(32, 20, "#333333") };
      for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
      // Not media: the artwork cache's fallback folder and a half-written file.
      fs.mkdirSync(path.join(dir, ".artwork-cache"));
      fs.writeFileSync(path.join(dir, ".artwork-cache", "x.json"), "{}");
      fs.writeFileSync(path.join(dir, "copy-d-320.webp.123.tmp"), "half");
      const target = bucket();
      const first = await copyObjects(localStore(dir), target);
      expect(first).toMatchObject({ copied: 3, skipped: 0 });
      expect(await copyObjects(localStore(dir), target)).toMatchObject({ copied: 0, skipped: 3 });
      // A run stopped after one object, and a file that differs from the bucket's: both are done by the next run.
      await target.delete("copy-b-320.avif");
      await target.put("copy-c-640.webp", Buffer.from("torn"), "image/webp");
      expect(await copyObjects(localStore(dir), target)).toMatchObject({ copied: 2, skipped: 1 });
      for (const [name, bytes] of Object.entries(files)) {
        const object = await target.get(name);
        const chunks: Buffer[] = [];
        for await (const c of object!.body) chunks.push(c as Buffer);
        expect([name, Buffer.concat(chunks).equals(bytes), object!.info.contentType]).toEqual([name, true, name.endsWith(".avif") ? "image/avif" : "image/webp"]);
      }
      const inBucket: string[] = [];
      for await (const o of target.list()) inBucket.push(o.key);
      expect(inBucket.filter((k) => k.startsWith("copy-")).sort()).toEqual(Object.keys(files).sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
