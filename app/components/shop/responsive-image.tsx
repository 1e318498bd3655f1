import { preload } from "react-dom";

type Rendition = { width: number; height: number; path: string };
export type ImageData = { alt: string; width: number; height: number; renditions: Rendition[]; avif?: Rendition[]; zoom?: Rendition };

/**
 * The attribute naming a page's main picture for the Element Timing API: a shared page starts its
 * scripts once this picture is on screen (app/lib/scripts-after-paint.ts).
 */
export const MAIN_PICTURE = { elementtiming: "main-picture" };

const srcSetOf = (renditions: Rendition[]) => renditions.map((r) => `${r.path} ${r.width}w`).join(", ");

/** The densest screens we serve: a fixed-size placement never needs more than 3 device pixels per CSS pixel. */
const MAX_DENSITY = 3;

/**
 * The renditions (narrowest first) a placement can use: all of them for a fluid one; for a fixed
 * width (`sizes="80px"`) those up to the first covering it at MAX_DENSITY. A thumbnail's markup
 * then names one file per format instead of every width.
 */
function usable(renditions: Rendition[], sizes: string): Rendition[] {
  const fixed = /^(\d+)px$/.exec(sizes.trim());
  if (!fixed) return renditions;
  const covering = renditions.findIndex((r) => r.width >= Number(fixed[1]) * MAX_DENSITY);
  return covering === -1 ? renditions : renditions.slice(0, covering + 1);
}

/**
 * An image with srcset and intrinsic size (no layout shift), in AVIF where it was made (a `<picture>`
 * whose `<img>` carries the WebP set for browsers without AVIF). `priority` marks the page's main
 * image: eager, high fetch priority, and preloaded from the head in the format the browser will
 * pick (React preloads a bare `<img>` by itself, not one inside a `<picture>`), and named for the
 * Element Timing API (`MAIN_PICTURE`). Everything else loads lazily.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
  alt,
}: {
  image: ImageData;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  const renditions = usable(image.renditions, sizes);
  const largest = renditions[renditions.length - 1];
  const fallback = renditions.find((r) => r.width >= 640) ?? largest;
  const avif = image.avif?.length ? usable(image.avif, sizes) : null;
  if (priority && avif) {
    preload(avif.find((r) => r.width >= 640)?.path ?? avif[avif.length - 1].path, {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSetOf(avif),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  const img = (
    <img
      {...(priority ? MAIN_PICTURE : {})}
      src={fallback?.path}
      srcSet={srcSetOf(renditions)}
      sizes={sizes}
      width={largest?.width ?? image.width}
      height={largest?.height ?? image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
  if (!avif) return img;
  return (
    // `contents`: the <img> sizes itself against the picture's parent, as a bare <img> would.
    <picture className="contents">
      <source type="image/avif" srcSet={srcSetOf(avif)} sizes={sizes} />
      {img}
    </picture>
  );
}
