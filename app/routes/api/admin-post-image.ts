import { data } from "react-router";
import { requireAdmin } from "@server/auth";
import { UploadError, storeImagesFromRequest } from "@server/media";
import { refusal, uploadRefusal } from "@server/http/responses";
import type { Route } from "./+types/admin-post-image";

/**
 * POST /api/admin/posts/image (admins only): one image in field `file`, checked by its bytes and
 * stored as WebP renditions; answers with the largest rendition's URL for the post's featured image.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "content");
  if (request.method !== "POST") return refusal("Method not allowed", 405);
  try {
    const [image] = await storeImagesFromRequest(request, "file", 1);
    const largest = image.renditions[image.renditions.length - 1];
    return data({ url: largest.path });
  } catch (err) {
    if (err instanceof UploadError) return uploadRefusal(err);
    throw err;
  }
}
