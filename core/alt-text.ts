import { z } from "zod";

// Apart from core/images.ts, which the storefront imports: zod stays out of the shop's JavaScript.
export const ALT_REQUIRED = "Describe the image for readers who cannot see it";
/** The description a body image must have (the editor's dialog and the upload endpoint). */
export const altTextSchema = z.string({ message: ALT_REQUIRED }).trim().min(1, ALT_REQUIRED).max(250, "Keep the description to 250 characters or fewer");
