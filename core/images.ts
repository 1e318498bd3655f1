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

/** A rendition's width and height; its path follows from the image's id (see SentImage). */
type RenditionSize = [width: number, height: number];

/**
 * A StoredImage as a storefront loader sends it to the browser: each rendition's size without its
 * path, which is `/media/<id>-<width>.<format>` (server/media/renditions.ts names them so). The
 * paths were two thirds of a product page's loader data, encoded and escaped on every render. An
 * image with a file named otherwise (a source narrower than the first width keeps that width's
 * name) travels whole. `unsendImage` gives back the StoredImage, equal to the one sent.
 */
export type SentImage = StoredImage | { id: string; alt: string; width: number; height: number; webp: RenditionSize[]; avif?: RenditionSize[]; zoom?: RenditionSize };

const renditionPath = (id: string, width: number, format: Rendition["format"]) => `/media/${id}-${width}.${format}`;

function sizesOf(id: string, renditions: Rendition[], format: Rendition["format"]): RenditionSize[] | null {
  const sizes: RenditionSize[] = [];
  for (const r of renditions) {
    if (r.format !== format || r.path !== renditionPath(id, r.width, format)) return null;
    sizes.push([r.width, r.height]);
  }
  return sizes;
}

export function sendImage(image: StoredImage): SentImage {
  const webp = sizesOf(image.id, image.renditions, "webp");
  const avif = image.avif ? sizesOf(image.id, image.avif, "avif") : undefined;
  const zoom = image.zoom ? sizesOf(image.id, [image.zoom], "webp") : undefined;
  if (!webp || avif === null || zoom === null) return image;
  return { id: image.id, alt: image.alt, width: image.width, height: image.height, webp, ...(avif ? { avif } : {}), ...(zoom ? { zoom: zoom[0] } : {}) };
}

const renditionsOf = (id: string, sizes: RenditionSize[], format: Rendition["format"]): Rendition[] =>
  sizes.map(([width, height]) => ({ width, height, format, path: renditionPath(id, width, format) }));

export function unsendImage(image: SentImage): StoredImage {
  if ("renditions" in image) return image;
  const { id, alt, width, height, avif, zoom } = image;
  return {
    id,
    alt,
    width,
    height,
    renditions: renditionsOf(id, image.webp, "webp"),
    ...(avif ? { avif: renditionsOf(id, avif, "avif") } : {}),
    ...(zoom ? { zoom: renditionsOf(id, [zoom], "webp")[0] } : {}),
  };
}

/** Whatever carries one image (a product card) or several (a colour, a review), as loader data sends it. */
export type WithSentImage<T extends { image: StoredImage | null }> = Omit<T, "image"> & { image: SentImage | null };
export type WithSentImages<T extends { images: StoredImage[] }> = Omit<T, "images"> & { images: SentImage[] };

export const sendCardImage = <T extends { image: StoredImage | null }>(item: T): WithSentImage<T> => ({ ...item, image: item.image && sendImage(item.image) });
export const unsendCardImage = <T extends { image: SentImage | null }>(item: T) => ({ ...item, image: item.image && unsendImage(item.image) });
export const sendImages = <T extends { images: StoredImage[] }>(item: T): WithSentImages<T> => ({ ...item, images: item.images.map(sendImage) });
export const unsendImages = <T extends { images: SentImage[] }>(item: T) => ({ ...item, images: item.images.map(unsendImage) });

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
