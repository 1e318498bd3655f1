/** One generated size and format of an uploaded image (server/media/renditions.ts writes them). */
export type Rendition = { width: number; height: number; format: "webp" | "avif" | "jpeg"; path: string };

/** An uploaded image as pages render it: alt text, intrinsic size and its renditions for srcset. */
export type StoredImage = { id: string; alt: string; width: number; height: number; renditions: Rendition[] };
