import { data } from "react-router";
import { adminHeaders, requireAdmin } from "@server/auth/guards";
import { MAX_IMAGE_BYTES, UploadError, storeUploadedImages } from "@server/admin/uploads";
import type { Route } from "./+types/admin-post-image";

/**
 * POST /api/admin/posts/image (admins only): one image in field `file`, checked by its bytes and
 * stored as WebP renditions; answers with the largest rendition's URL for the post's featured image.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405, headers: adminHeaders });
  const length = Number(request.headers.get("content-length") ?? "0");
  if (!length || length > MAX_IMAGE_BYTES + 64 * 1024) {
    return data({ error: "The image is too large: up to 8 MB." }, { status: length ? 413 : 411, headers: adminHeaders });
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return data({ error: "Send the image as multipart form data." }, { status: 400, headers: adminHeaders });
  }
  if (!file || typeof file === "string") return data({ error: "Choose an image." }, { status: 400, headers: adminHeaders });
  try {
    const [image] = await storeUploadedImages([file]);
    const largest = image.renditions[image.renditions.length - 1];
    return data({ url: largest.path }, { headers: adminHeaders });
  } catch (err) {
    if (err instanceof UploadError) return data({ error: err.message }, { status: err.status, headers: adminHeaders });
    throw err;
  }
}
