import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@mjackson/form-data-parser";
import { storeImage } from "./renditions";
import type { MediaSource } from "./schema";
import { z } from "zod";
import { fieldErrors, firstMessage } from "@core/form";
import { altTextSchema } from "@core/alt-text";
import type { StoredImage } from "@core/images";
import { REVIEW_LIMITS } from "@core/reviews";
import { DomainError } from "@server/errors";

/** Upload limits of the admin image uploader. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;

export type ImageKind = "png" | "jpeg" | "webp" | "gif" | "avif";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The image format from the file's first bytes, never from its name or declared type (both are
 * whatever the sender says). SVG and anything else is refused: only raster formats sharp re-encodes.
 */
export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) return "avif";
  return null;
}

export class UploadError extends DomainError {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
    fieldErrors: Record<string, string> = {},
  ) {
    super(message, { fieldErrors });
  }
}

function altFromName(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ").trim().slice(0, 120);
}

/** An uploaded file, already on disk in a temporary folder (never held whole in memory with the others). */
export type UploadedFile = { name: string; path: string; size: number };

async function firstBytes(file: string, count: number): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Refuses (413/415) a file past 8 MB or one whose first bytes are not a raster image we re-encode. */
export async function checkUploadedImages(files: UploadedFile[]): Promise<void> {
  for (const file of files) {
    if (file.size > MAX_IMAGE_BYTES) throw new UploadError(`${file.name} is larger than 8 MB.`, 413);
    if (!sniffImageType(await firstBytes(file.path, 16))) throw new UploadError(`${file.name} is not a PNG, JPEG, WebP, GIF or AVIF image.`, 415);
  }
}

/**
 * Checks every file first (count, size, real type), then stores each as WebP renditions, described
 * by `alt` or, without one, by its file name.
 */
export async function storeUploadedImages(files: UploadedFile[], alt?: string, source: MediaSource = "staff"): Promise<StoredImage[]> {
  if (files.length === 0) throw new UploadError("Choose at least one image.", 400);
  if (files.length > MAX_IMAGES_PER_UPLOAD) throw new UploadError(`Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`, 400);
  await checkUploadedImages(files);
  const stored: StoredImage[] = [];
  for (const file of files) {
    try {
      stored.push(await storeImage(file.path, file.name.slice(0, 200), alt ?? altFromName(file.name), source));
    } catch {
      throw new UploadError(`${file.name} could not be read as an image.`, 415);
    }
  }
  return stored;
}

/**
 * Upload endpoints and how many files each takes (the paths of app/routes.ts). The body limit
 * (server/http/body-limit.ts) gives them their own total instead of the 1 MB of forms.
 */
const UPLOAD_ROUTES: Record<string, number> = {
  "/api/admin/products/images": MAX_IMAGES_PER_UPLOAD,
  "/api/admin/posts/image": 1,
  "/api/admin/media": 1,
};

/** A buyer's review with its photos (app/routes/shop/review.tsx), posted as a page or through React Router's `.data`. */
const REVIEW_FORM_PATH = /^\/products\/[a-z0-9-]+\/review(\.data)?$/;

/** Room for the multipart framing and small fields (the description) around the files. */
const FORM_ROOM = 64 * 1024;

const uploadTotal = (maxFiles: number) => maxFiles * MAX_IMAGE_BYTES + FORM_ROOM;

/** The most an upload endpoint's body may declare, or undefined for a path that is not one. */
export function uploadBodyLimit(path: string): number | undefined {
  const normalised = path.toLowerCase().replace(/\/+$/, "");
  const files = UPLOAD_ROUTES[normalised] ?? (REVIEW_FORM_PATH.test(normalised) ? REVIEW_LIMITS.photos : undefined);
  return files === undefined ? undefined : uploadTotal(files);
}

const tooMany = (maxFiles: number) => (maxFiles === 1 ? "Upload one image at a time." : `Upload at most ${maxFiles} images at a time.`);

/**
 * Reads an upload request: a multipart body of at most `maxFiles` images in field `field`, refused
 * by its declared length before it is read, then streamed: each file goes to a temporary folder as
 * it arrives (the parser holds one part, at most 8 MB, at a time) and a file passing 8 MB stops the
 * reading with 413. The caller removes the folder (`dir`).
 */
async function readUpload(request: Request, field: string, maxFiles: number): Promise<{ files: UploadedFile[]; form: FormData; dir: string }> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (!length) throw new UploadError("Send the images as multipart form data.", 400);
  if (length > uploadTotal(maxFiles)) {
    throw new UploadError(maxFiles === 1 ? "The image is too large: up to 8 MB." : `Upload at most ${maxFiles} images of up to 8 MB each.`, 413);
  }
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
    throw new UploadError("Send the images as multipart form data.", 400);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-upload-"));
  const files: UploadedFile[] = [];
  try {
    const form = await parseFormData(request, { maxFiles, maxFileSize: MAX_IMAGE_BYTES }, async (upload) => {
      // A file input left empty still sends a part (no bytes, and no name or ""): nothing was chosen.
      if (upload.fieldName !== field || upload.size === 0) return null;
      const file = path.join(dir, String(files.length));
      await pipeline(Readable.fromWeb(upload.stream() as NodeReadableStream<Uint8Array>), createWriteStream(file));
      files.push({ name: upload.name, path: file, size: upload.size });
      return null;
    });
    return { files, form, dir };
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    if (err instanceof MaxFileSizeExceededError) throw new UploadError(maxFiles === 1 ? "The image is too large: up to 8 MB." : "Each image may be up to 8 MB.", 413);
    if (err instanceof MaxFilesExceededError) throw new UploadError(tooMany(maxFiles), 400);
    throw new UploadError("Send the images as multipart form data.", 400);
  }
}

/**
 * Reads an upload (files in `field`, at most `maxFiles`, and the other fields), hands them to
 * `store`, then removes the temporary files whatever happened. A form with optional photos (a
 * review) calls it directly and checks/stores the files itself (checkUploadedImages, storeUploadedImages).
 */
export async function withUpload<T>(request: Request, field: string, maxFiles: number, store: (files: UploadedFile[], form: FormData) => Promise<T>): Promise<T> {
  const { files, form, dir } = await readUpload(request, field, maxFiles);
  try {
    return await store(files, form);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The admin upload endpoints' request handling: read, checked and stored. */
export function storeImagesFromRequest(request: Request, field: string, maxFiles: number): Promise<StoredImage[]> {
  return withUpload(request, field, maxFiles, (files) => storeUploadedImages(files));
}

const describedImageSchema = z.object({ alt: altTextSchema });

/** One image in field `file` with the writer's description in field `alt` (required): an image for a body. */
export function storeDescribedImageFromRequest(request: Request): Promise<StoredImage> {
  return withUpload(request, "file", 1, async (files, form) => {
    const parsed = describedImageSchema.safeParse({ alt: form.get("alt") ?? undefined });
    if (!parsed.success) throw new UploadError(firstMessage(parsed.error), 400, fieldErrors(parsed.error));
    const [image] = await storeUploadedImages(files, parsed.data.alt);
    return image;
  });
}
