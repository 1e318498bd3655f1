import { z } from "zod";

/** One generated size and format of an uploaded image (server/media/renditions.ts writes them). */
export type Rendition = { width: number; height: number; format: "webp" | "avif" | "jpeg"; path: string };

/**
 * An uploaded image as pages render it: alt text, intrinsic size, its WebP renditions for srcset
 * (every consumer's `renditions`), the same widths in AVIF when they were made, and a large
 * rendition for zooming in (loaded only on demand).
 */
export type StoredImage = { id: string; alt: string; width: number; height: number; renditions: Rendition[]; avif?: Rendition[]; zoom?: Rendition };

/** The widest rendition srcset offers; anything wider is a zoom rendition. */
export const SRCSET_MAX_WIDTH = 960;

/** A media row's stored renditions, sorted into what pages use: srcset in WebP and AVIF, and the zoom. */
export function storedImage(row: { id: string; alt: string; width: number; height: number; renditions: Rendition[] }): StoredImage {
  const byWidth = [...row.renditions].sort((a, b) => a.width - b.width);
  const srcset = byWidth.filter((r) => r.width <= SRCSET_MAX_WIDTH);
  const zoom = byWidth.filter((r) => r.width > SRCSET_MAX_WIDTH && r.format !== "avif").at(-1);
  const avif = srcset.filter((r) => r.format === "avif");
  return {
    id: row.id,
    alt: row.alt,
    width: row.width,
    height: row.height,
    renditions: srcset.filter((r) => r.format !== "avif"),
    ...(avif.length ? { avif } : {}),
    ...(zoom ? { zoom } : {}),
  };
}

/** An uploaded image placed in a post or product body: the largest rendition, the rest in srcset. */
export type BodyImage = { src: string; srcset: string; sizes: string; width: number; height: number; alt: string };

/** The prose column is at most 48rem wide; narrower screens use the full width. */
const BODY_SIZES = "(min-width: 48rem) 48rem, 100vw";

export function bodyImage(image: StoredImage): BodyImage {
  const largest = image.renditions[image.renditions.length - 1];
  return {
    src: largest.path,
    srcset: image.renditions.map((r) => `${r.path} ${r.width}w`).join(", "),
    sizes: BODY_SIZES,
    width: largest.width,
    height: largest.height,
    alt: image.alt,
  };
}

/** Where an uploaded image appears, for the media library's "Used in". */
export type MediaUse = { kind: "product" | "post"; title: string; href: string };

/** One image of the media library. */
export type LibraryImage = { id: string; name: string; thumbnail: string; image: BodyImage; usedIn: MediaUse[] };

export const ALT_REQUIRED = "Describe the image for readers who cannot see it";
/** The description a body image must have (the editor's dialog and the upload endpoint). */
export const altTextSchema = z.string({ message: ALT_REQUIRED }).trim().min(1, ALT_REQUIRED).max(250, "Keep the description to 250 characters or fewer");
