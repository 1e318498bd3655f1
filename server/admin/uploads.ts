import { storeImage } from "../media/renditions";
import { altTextSchema, type StoredImage } from "~/lib/images";

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

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

function altFromName(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ").trim().slice(0, 120);
}

/**
 * Checks every file first (count, size, real type), then stores each as WebP renditions, described
 * by `alt` or, without one, by its file name.
 */
export async function storeUploadedImages(files: File[], alt?: string): Promise<StoredImage[]> {
  if (files.length === 0) throw new UploadError("Choose at least one image.", 400);
  if (files.length > MAX_IMAGES_PER_UPLOAD) throw new UploadError(`Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`, 400);
  const checked: { file: File; bytes: Buffer }[] = [];
  for (const file of files) {
    if (file.size > MAX_IMAGE_BYTES) throw new UploadError(`${file.name} is larger than 8 MB.`, 413);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (!sniffImageType(bytes)) throw new UploadError(`${file.name} is not a PNG, JPEG, WebP, GIF or AVIF image.`, 415);
    checked.push({ file, bytes });
  }
  const stored: StoredImage[] = [];
  for (const { file, bytes } of checked) {
    try {
      stored.push(await storeImage(bytes, file.name.slice(0, 200), alt ?? altFromName(file.name)));
    } catch {
      throw new UploadError(`${file.name} could not be read as an image.`, 415);
    }
  }
  return stored;
}

/**
 * Reads an upload request: a body of at most `maxFiles` images in multipart field `field`, refused by
 * its declared length before it is read.
 */
async function readUpload(request: Request, field: string, maxFiles: number): Promise<{ files: File[]; form: FormData }> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (!length) throw new UploadError("Send the images as multipart form data.", 400);
  if (length > maxFiles * MAX_IMAGE_BYTES + 64 * 1024) {
    throw new UploadError(maxFiles === 1 ? "The image is too large: up to 8 MB." : `Upload at most ${maxFiles} images of up to 8 MB each.`, 413);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new UploadError("Send the images as multipart form data.", 400);
  }
  const files = form.getAll(field).filter((f): f is File => typeof f !== "string");
  if (files.length > maxFiles) throw new UploadError(maxFiles === 1 ? "Upload one image at a time." : `Upload at most ${maxFiles} images at a time.`, 400);
  return { files, form };
}

/** The admin upload endpoints' request handling: read, checked and stored. */
export async function storeImagesFromRequest(request: Request, field: string, maxFiles: number): Promise<StoredImage[]> {
  const { files } = await readUpload(request, field, maxFiles);
  return storeUploadedImages(files);
}

/** One image in field `file` with the writer's description in field `alt` (required): an image for a body. */
export async function storeDescribedImageFromRequest(request: Request): Promise<StoredImage> {
  const { files, form } = await readUpload(request, "file", 1);
  const alt = altTextSchema.safeParse(form.get("alt") ?? undefined);
  if (!alt.success) throw new UploadError(alt.error.issues[0].message, 400);
  const [image] = await storeUploadedImages(files, alt.data);
  return image;
}
