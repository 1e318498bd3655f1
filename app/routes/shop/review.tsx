import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "@server/auth";
import { getPublishedProduct } from "@server/catalog";
import { UploadError, withUpload } from "@server/media";
import { domainErrorResponse } from "@server/http/responses";
import { assertNoNul } from "@server/http/form";
import { reviewAccess, reviewSchema, submitReview } from "@server/reviews";
import { ChoiceGroup, FieldErrorsContext, TextAreaField, TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form";
import { Button, buttonClass } from "~/components/ui/button";
import { fieldErrors, formFields, type FieldErrors } from "@core/form";
import { REVIEW_LIMITS } from "@core/reviews";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/review";

/**
 * /products/:slug/review: a buyer writes their one review of the product (rating, title, text, up
 * to three photos). A plain multipart form: it works without JavaScript, and its photos go through
 * the back office's upload pipeline (server/media/uploads.ts). Anyone else is told why they cannot.
 */

async function productOf(slug: string) {
  const product = await getPublishedProduct(slug);
  if (!product) throw data(null, { status: 404 });
  return product;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const product = await productOf(params.slug);
  const user = await requireUser(request);
  return { product: { slug: product.slug, title: product.title }, access: await reviewAccess(user.id, product.id) };
}

const FIELDS = ["rating", "title", "body"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
type ActionResult = { ok: false; message: string; fieldErrors: FieldErrors; values: Values };

export async function action({ request, params }: Route.ActionArgs) {
  const product = await productOf(params.slug);
  const user = await requireUser(request);
  const empty: Values = { rating: "", title: "", body: "" };
  const refuse = (status: number, message: string, fieldErrors: FieldErrors = {}, values = empty) => data<ActionResult>({ ok: false, message, fieldErrors, values }, { status });
  // Refused before a byte of the photos is read: only a buyer who has not reviewed it yet may post.
  const access = await reviewAccess(user.id, product.id);
  if (access.kind !== "buyer") return redirect(`/products/${product.slug}/review`, 303);
  try {
    return await withUpload(request, "photos", REVIEW_LIMITS.photos, async (photos, form) => {
      const values = formFields(form, FIELDS);
      for (const [name, value] of Object.entries(values)) assertNoNul(name, value);
      const parsed = reviewSchema.safeParse(values);
      if (!parsed.success) {
        return refuse(400, photos.length ? "Please check the fields marked below, then choose your photos again." : "Please check the fields marked below.", fieldErrors(parsed.error), values);
      }
      try {
        await submitReview(user, product, parsed.data, photos);
      } catch (err) {
        if (err instanceof UploadError) return refuse(err.status, err.message, { photos: err.message }, values);
        return domainErrorResponse(err, (e): ActionResult => ({ ok: false, message: e.publicMessage, fieldErrors: e.fieldErrors, values }));
      }
      return redirect(`/products/${product.slug}/review`, 303);
    });
  } catch (err) {
    // The body itself was refused (too many files, one past 8 MB, not a multipart form).
    if (err instanceof UploadError) return refuse(err.status, err.message, { photos: err.message });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seo(matches, {
    title: loaderData ? `Review ${loaderData.product.title}` : "Write a review",
    description: "Share what you think of a product you bought.",
    path: loaderData ? `/products/${loaderData.product.slug}/review` : "/products",
    noindex: true,
  });

const RATING_CHOICES = [
  { value: "5", label: "5 stars: Excellent" },
  { value: "4", label: "4 stars: Good" },
  { value: "3", label: "3 stars: Average" },
  { value: "2", label: "2 stars: Poor" },
  { value: "1", label: "1 star: Terrible" },
];

const STATUS_MESSAGES = {
  pending: "Thanks for your review! Our team checks every review before it appears on the product page, usually within a day.",
  published: "Your review is on the product page. Thank you for sharing it.",
  hidden: "You have already reviewed this product; your review is not shown on the shop.",
} as const;

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, access } = loaderData;
  const productPath = `/products/${product.slug}`;
  const pending = useNavigation().state === "submitting";
  const values = actionData?.values;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <Link to={productPath} className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
        Back to {product.title}
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Review {product.title}</h1>
      {access.kind === "buyer" ? (
        <FieldErrorsContext.Provider value={actionData?.fieldErrors ?? {}}>
          <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5">
            <FormError message={actionData?.message} />
            <ChoiceGroup legend="Your rating" name="rating" choices={RATING_CHOICES} defaultValue={values?.rating} className="space-y-2 [&>div]:flex-col [&>div]:gap-2" />
            <TextField label="Title" name="title" defaultValue={values?.title} maxLength={REVIEW_LIMITS.titleMax} hint={`${REVIEW_LIMITS.titleMin} to ${REVIEW_LIMITS.titleMax} characters.`} />
            <TextAreaField
              label="Your review"
              name="body"
              rows={7}
              defaultValue={values?.body}
              maxLength={REVIEW_LIMITS.bodyMax}
              hint={`What did you like, what could be better? ${REVIEW_LIMITS.bodyMin} to ${REVIEW_LIMITS.bodyMax} characters.`}
            />
            <TextField
              label="Photos (optional)"
              name="photos"
              type="file"
              multiple
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              hint={`Up to ${REVIEW_LIMITS.photos} photos: PNG, JPEG, WebP, GIF or AVIF, 8 MB each at most.`}
            />
            <p className="text-sm text-gray-700">Reviews are checked by our team before they appear. Your first name and last initial are shown with it.</p>
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending ? "Sending..." : "Submit review"}
            </Button>
          </Form>
        </FieldErrorsContext.Provider>
      ) : (
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-gray-800">
            {access.kind === "not-buyer" ? "Only customers who bought this can review it." : STATUS_MESSAGES[access.status]}
          </p>
          <Link to={productPath} className={buttonClass("secondary")}>
            Back to the product
          </Link>
        </div>
      )}
    </main>
  );
}
