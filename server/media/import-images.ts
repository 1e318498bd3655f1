import { log } from "../log";
import { bodyImage, type BodyImage } from "@core/images";
import { storeImage } from "./renditions";
import { fetchRemoteImage, RemoteImageError, type FetchImageOptions } from "./remote-image";

/**
 * Images in posts and product descriptions come from the shop's media library: a reader's browser
 * never asks another site for one (a tracking pixel would see every visitor). On save, each image
 * whose address is on another site is fetched once (server/media/remote-image.ts: public addresses
 * only, 8 MB, real image bytes), stored through the upload pipeline (sharp re-encodes it to WebP
 * renditions) and the tag is rewritten to the library copy. An image that cannot be fetched is left
 * out of what is saved (the sanitiser drops any image still pointing elsewhere), and logged.
 */

/** More than any post needs; a document past it keeps its first images and loses the rest. */
const MAX_IMPORTS_PER_SAVE = 20;

const isRemote = (src: string) => /^https?:\/\//i.test(src);

const decode = (value: string) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const encode = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? decode(m[1]) : null;
}

/**
 * The library copy of the image at `url` (the editor's "Web address": the writer sees the copy at
 * once); throws RemoteImageError saying why not.
 */
export async function importImageFromUrl(url: string, alt: string, options: FetchImageOptions = {}): Promise<BodyImage> {
  const bytes = await fetchRemoteImage(url, options);
  const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "image").slice(0, 200);
  try {
    return bodyImage(await storeImage(bytes, name, alt.slice(0, 200) || name, "staff"));
  } catch {
    throw new RemoteImageError(`The file at ${new URL(url).host} could not be read as an image.`);
  }
}

/** The library copy of the image at `url`, or null when it cannot be fetched or read. */
async function importOne(url: string, alt: string, options: FetchImageOptions): Promise<BodyImage | null> {
  try {
    return await importImageFromUrl(url, alt, options);
  } catch (err) {
    log.warn({ reason: err instanceof Error ? err.message : String(err) }, "an image linked from another site was not imported");
    return null;
  }
}

/**
 * `html` (already sanitised with remote images allowed) with every image on another site replaced by
 * its library copy, each address fetched once however often it appears.
 */
export async function importRemoteImages(html: string, options: FetchImageOptions = {}): Promise<string> {
  const copies = new Map<string, Promise<BodyImage | null>>();
  for (const [tag] of html.matchAll(/<img\s[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src && isRemote(src) && !copies.has(src) && copies.size < MAX_IMPORTS_PER_SAVE) copies.set(src, importOne(src, attribute(tag, "alt") ?? "", options));
  }
  if (copies.size === 0) return html;
  const done = new Map<string, BodyImage | null>();
  for (const [src, copy] of copies) done.set(src, await copy);
  return html.replace(/<img\s[^>]*>/gi, (tag) => {
    const src = attribute(tag, "src");
    if (!src || !isRemote(src)) return tag;
    const copy = done.get(src);
    if (!copy) return "";
    const alt = attribute(tag, "alt") ?? copy.alt;
    return `<img src="${encode(copy.src)}" srcset="${encode(copy.srcset)}" sizes="${encode(copy.sizes)}" width="${copy.width}" height="${copy.height}" alt="${encode(alt)}" />`;
  });
}

/** A post's featured image: an address on another site becomes its library copy (null when it cannot be fetched). */
export async function importRemoteImageUrl(url: string | null, alt: string, options: FetchImageOptions = {}): Promise<string | null> {
  if (!url || !isRemote(url)) return url;
  return (await importOne(url, alt, options))?.src ?? null;
}
