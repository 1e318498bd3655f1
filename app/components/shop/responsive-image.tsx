type Rendition = { width: number; height: number; path: string };
export type ImageData = { alt: string; width: number; height: number; renditions: Rendition[] };

/**
 * An image with srcset and intrinsic size (no layout shift). `priority` marks the page's main image
 * (eager, high fetch priority); everything else loads lazily.
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
  const largest = image.renditions[image.renditions.length - 1];
  const fallback = image.renditions.find((r) => r.width >= 640) ?? largest;
  return (
    <img
      src={fallback?.path}
      srcSet={image.renditions.map((r) => `${r.path} ${r.width}w`).join(", ")}
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
}
