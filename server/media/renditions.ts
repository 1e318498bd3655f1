import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { eq, inArray } from "drizzle-orm";
import { config } from "../config";
import { db } from "../db/client";
import { contentTypeOf, mediaStore } from "../storage";
import { media, type MediaSource } from "./schema";
import { storedImage, type Rendition, type StoredImage } from "@core/images";

/** Widths every image is rendered at; the browser picks one through srcset. */
export const RENDITION_WIDTHS = [320, 640, 960] as const;
/** The rendition a product picture is zoomed from (2x of the gallery's 560 px, and then some). */
export const ZOOM_WIDTH = 1600;

/** What one rendition is encoded as. */
type Encoding = { width: number; format: "webp" | "avif" };
const WEBP = { quality: 80 };
/**
 * AVIF at effort 3 (SEED_ARTWORK_AVIF_EFFORT): the seed's flat artwork comes out half the size of
 * WebP in about a second per picture. The smallest width takes a lower quality: at 320 px it is a
 * thumbnail. Only the seed artwork is encoded as AVIF (uploads are WebP).
 */
function avifOptions(width: number) {
  return { quality: width <= 320 ? 34 : 38, effort: config().SEED_ARTWORK_AVIF_EFFORT };
}

function encode(source: Sharp, e: Encoding, sourceWidth: number) {
  const resized = source.clone().resize({ width: Math.min(e.width, sourceWidth), withoutEnlargement: true });
  return e.format === "avif" ? resized.avif(avifOptions(e.width)) : resized.webp(WEBP);
}

/** The renditions of a source `sourceWidth` wide: each srcset width it reaches (at least one), in the formats asked, and the zoom. */
function plan(sourceWidth: number, opts: { avif: boolean; zoom: boolean }): Encoding[] {
  const widths: number[] = [];
  for (const width of RENDITION_WIDTHS) {
    if (width > sourceWidth && widths.length > 0) break;
    widths.push(width);
  }
  const out: Encoding[] = widths.flatMap((width) => [{ width, format: "webp" as const }, ...(opts.avif ? [{ width, format: "avif" as const }] : [])]);
  // The zoom is WebP only: it loads on demand, and a 1,600 px AVIF takes seconds to encode.
  if (opts.zoom && sourceWidth >= 1200) out.push({ width: Math.min(ZOOM_WIDTH, sourceWidth), format: "webp" });
  return out;
}

async function insertRow(originalName: string, alt: string, width: number, height: number, from: MediaSource) {
  const [row] = await db().insert(media).values({ originalName, alt, width, height, renditions: [], source: from }).returning({ id: media.id });
  return row.id;
}

async function finishRow(id: string, alt: string, width: number, height: number, renditions: Rendition[]): Promise<StoredImage> {
  await db().update(media).set({ renditions }).where(eq(media.id, id));
  return storedImage({ id, alt, width, height, renditions });
}

/**
 * Re-encodes an image (its bytes, or the path of a file holding them) into WebP renditions in the
 * media store (MEDIA_DIR or the bucket) and records it, with a zoom rendition when it is wide enough. Re-encoding drops anything
 * that is not pixels (metadata, scripts in SVG).
 */
export async function storeImage(input: Buffer | string, originalName: string, alt: string, from: MediaSource = "staff"): Promise<StoredImage> {
  const source = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error("Not an image");
  const id = await insertRow(originalName, alt, meta.width, meta.height, from);
  const renditions: Rendition[] = [];
  for (const e of plan(meta.width, { avif: false, zoom: from === "staff" })) {
    const file = `${id}-${e.width}.${e.format}`;
    const { data, info } = await encode(source, e, meta.width).toBuffer({ resolveWithObject: true });
    await mediaStore().put(file, data, contentTypeOf(file));
    renditions.push({ width: info.width, height: info.height, format: e.format, path: `/media/${file}` });
  }
  return finishRow(id, alt, meta.width, meta.height, renditions);
}

type CachedArtwork = { width: number; height: number; files: { width: number; height: number; format: "webp" | "avif"; file: string }[] };

/** Bump when the encodings change: the cache's files are then drawn again. */
const artworkEncoding = () => `v1 ${RENDITION_WIDTHS.join(",")} ${ZOOM_WIDTH} ${JSON.stringify([WEBP, avifOptions(640), avifOptions(320)])}`;

/**
 * Where rendered seed artwork is kept between starts: `.cache/artwork` under the working directory
 * (git-ignored), or inside MEDIA_DIR when that cannot be written. It stays on this machine whatever
 * the media store: it only saves rendering time, and any instance can draw a missing file again
 * (ADR 019); the renditions made from it go to the store like any upload's. The files are named by a hash of
 * the drawing, so a changed drawing is rendered again and an unchanged one never is.
 */
async function artworkCacheDir(): Promise<string> {
  const preferred = path.resolve(".cache/artwork");
  try {
    await fs.mkdir(preferred, { recursive: true });
    await fs.access(preferred, fs.constants.W_OK);
    return preferred;
  } catch {
    const fallback = path.join(config().mediaDir, ".artwork-cache");
    await fs.mkdir(fallback, { recursive: true });
    return fallback;
  }
}

/** Writes a file under its final name only once it is complete (two processes may render the same drawing). */
async function writeAtomically(file: string, write: (tmp: string) => Promise<unknown>) {
  const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  try {
    await write(tmp);
    await fs.rename(tmp, file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

async function renderArtwork(svg: string, dir: string, key: string, opts: { zoom: boolean }): Promise<CachedArtwork> {
  const manifest = path.join(dir, `${key}.json`);
  try {
    return JSON.parse(await fs.readFile(manifest, "utf8")) as CachedArtwork;
  } catch {
    // Not rendered yet (or a torn file): render it.
  }
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const source = sharp(png);
  const meta = await source.metadata();
  const files = await Promise.all(
    plan(meta.width!, { avif: true, zoom: opts.zoom }).map(async (e) => {
      const file = `${key}-${e.width}.${e.format}`;
      let size = { width: 0, height: 0 };
      await writeAtomically(path.join(dir, file), async (tmp) => {
        size = await encode(source, e, meta.width!).toFile(tmp);
      });
      return { width: size.width, height: size.height, format: e.format, file };
    }),
  );
  const cached: CachedArtwork = { width: meta.width!, height: meta.height!, files };
  await writeAtomically(manifest, (tmp) => fs.writeFile(tmp, JSON.stringify(cached)));
  return cached;
}

function artworkKey(svg: string, opts: { zoom: boolean }) {
  return crypto.createHash("sha256").update(artworkEncoding()).update(String(opts.zoom)).update(svg).digest("hex").slice(0, 32);
}

/** Renders a drawing into the cache only (no database): warms it before many processes seed at once. */
export async function cacheArtwork(svg: string, opts: { zoom: boolean }): Promise<void> {
  await renderArtwork(svg, await artworkCacheDir(), artworkKey(svg, opts), opts);
}

/**
 * Stores an SVG drawn by the shop itself (seed artwork) like an upload: a media row and its
 * renditions in WebP and AVIF (and the zoom when asked). The rendering is cached on disk, so a fresh
 * database seeds in a moment once the drawings were rendered on this machine.
 */
export async function storeArtwork(svg: string, originalName: string, alt: string, opts: { zoom: boolean }): Promise<StoredImage> {
  const cacheDir = await artworkCacheDir();
  const art = await renderArtwork(svg, cacheDir, artworkKey(svg, opts), opts);
  const id = await insertRow(originalName, alt, art.width, art.height, "staff");
  const renditions = await Promise.all(
    art.files.map(async (f) => {
      const file = `${id}-${f.width}.${f.format}`;
      await mediaStore().put(file, await fs.readFile(path.join(cacheDir, f.file)), contentTypeOf(file));
      return { width: f.width, height: f.height, format: f.format, path: `/media/${file}` };
    }),
  );
  return finishRow(id, alt, art.width, art.height, renditions);
}

export async function loadImages(ids: string[]): Promise<Map<string, StoredImage>> {
  if (ids.length === 0) return new Map();
  const rows = await db().select().from(media).where(inArray(media.id, ids));
  return new Map(rows.map((r) => [r.id, storedImage(r)]));
}
