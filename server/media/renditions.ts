import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { eq, inArray } from "drizzle-orm";
import { config } from "../config";
import { db } from "../db/client";
import { media, type MediaSource } from "./schema";
import type { Rendition, StoredImage } from "~/lib/images";

/** Widths every image is rendered at; the browser picks one through srcset. */
export const RENDITION_WIDTHS = [320, 640, 960] as const;

/**
 * Re-encodes an image (its bytes, or the path of a file holding them) into WebP renditions under
 * MEDIA_DIR and records it. Re-encoding drops anything that is not pixels (metadata, scripts in SVG).
 */
export async function storeImage(input: Buffer | string, originalName: string, alt: string, from: MediaSource = "staff"): Promise<StoredImage> {
  const source = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error("Not an image");
  const [row] = await db()
    .insert(media)
    .values({ originalName, alt, width: meta.width, height: meta.height, renditions: [], source: from })
    .returning({ id: media.id });
  const dir = config().mediaDir;
  await fs.mkdir(dir, { recursive: true });
  const renditions: Rendition[] = [];
  for (const width of RENDITION_WIDTHS) {
    if (width > meta.width && renditions.length > 0) break;
    const file = `${row.id}-${width}.webp`;
    const info = await source
      .clone()
      .resize({ width: Math.min(width, meta.width), withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(path.join(dir, file));
    renditions.push({ width: info.width, height: info.height, format: "webp", path: `/media/${file}` });
  }
  await db().update(media).set({ renditions }).where(eq(media.id, row.id));
  return { id: row.id, alt, width: meta.width, height: meta.height, renditions };
}

export async function loadImages(ids: string[]): Promise<Map<string, StoredImage>> {
  if (ids.length === 0) return new Map();
  const rows = await db().select().from(media).where(inArray(media.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, alt: r.alt, width: r.width, height: r.height, renditions: r.renditions }]));
}
