import { data } from "react-router";
import { requireAdmin } from "@server/auth";
import { MAX_IMAGES_PER_UPLOAD, UploadError, storeImagesFromRequest } from "@server/media";
import { refusal, uploadRefusal } from "@server/http/responses";
import { imageOption } from "@server/catalog";
import type { Route } from "./+types/admin-product-images";

/**
 * POST /api/admin/products/images (admins only): up to 10 images in field `files`, each checked by its
 * bytes and stored as WebP renditions; answers with their ids and thumbnails for the product editor.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "products");
  if (request.method !== "POST") return refusal("Method not allowed", 405);
  try {
    const images = await storeImagesFromRequest(request, "files", MAX_IMAGES_PER_UPLOAD);
    return data({ images: images.map(imageOption) });
  } catch (err) {
    if (err instanceof UploadError) return uploadRefusal(err);
    throw err;
  }
}
