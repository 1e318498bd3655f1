import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { UploadError, storeDescribedImageFromRequest } from "@server/media";
import { listLibrary } from "@server/media";
import { domainErrorResponse, invalidForm, refusal, uploadRefusal } from "@server/http/responses";
import { importImageFromUrl } from "@server/media";
import { altTextSchema } from "@core/alt-text";
import { bodyImage } from "@core/images";
import type { Route } from "./+types/admin-media";

const querySchema = z.object({ q: z.string().max(100, "Search for 100 characters or fewer").default("") });

/** GET /api/admin/media?q= (admins only): the media library, newest first, with where each image is used. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, ["content", "products"]);
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return invalidForm(query.error);
  return data({ images: await listLibrary(query.data.q) });
}

const webAddressSchema = z.object({
  url: z.string().trim().max(2000, "That address is too long").regex(/^https?:\/\//i, "Enter an image address starting with https://"),
  alt: altTextSchema,
});

/** The editor's "Web address": the image is copied into the library now, so the page never loads it from the other site. */
async function importFromWebAddress(request: Request) {
  const input = webAddressSchema.safeParse(await request.json().catch(() => null));
  if (!input.success) return invalidForm(input.error);
  try {
    return data({ image: await importImageFromUrl(input.data.url, input.data.alt) });
  } catch (err) {
    return domainErrorResponse(err);
  }
}

/**
 * POST /api/admin/media (admins only): one image in field `file` and its description in `alt`,
 * checked by its bytes and stored as WebP renditions; or, as JSON `{ url, alt }`, an image on
 * another site copied into the library. Answers with what the editor inserts.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, ["content", "products"]);
  if (request.method !== "POST") return refusal("Method not allowed", 405);
  if ((request.headers.get("content-type") ?? "").startsWith("application/json")) return importFromWebAddress(request);
  try {
    const image = await storeDescribedImageFromRequest(request);
    return data({ image: bodyImage(image) });
  } catch (err) {
    if (err instanceof UploadError) return uploadRefusal(err);
    throw err;
  }
}
