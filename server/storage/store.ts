import type { Readable } from "node:stream";

/** What a store knows of one object without reading it. */
export type ObjectInfo = { size: number; contentType: string; etag: string; lastModified: Date };

/**
 * Where media files live (docs/decisions/019-media-storage.md): a local folder or an
 * S3-compatible bucket, told apart by MEDIA_STORAGE. Keys are flat file names (`<uuid>-640.webp`),
 * the same on every adapter, so a media URL (`/media/<key>`) never changes when the store does.
 */
export interface ObjectStore {
  /** Writes a whole object; a reader sees either the old object or the new one, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream with what is known of it, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; info: ObjectInfo } | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object's key and size, in no promised order. */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/** How long a browser or CDN may keep a media object: forever, since a key is never rewritten with other bytes. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A key is one file name: letters, digits, dot, dash and underscore, not starting with a dot (no paths, no hidden files). */
export const isMediaKey = (key: string) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/.test(key);

const TYPES: Record<string, string> = { webp: "image/webp", avif: "image/avif", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif" };

/** The Content-Type a key is served with, from its extension (renditions are WebP or AVIF). */
export function contentTypeOf(key: string): string {
  return TYPES[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ""] ?? "application/octet-stream";
}
