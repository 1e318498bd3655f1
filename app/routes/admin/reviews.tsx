import { Form, Link, data, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { adminHeaders, requireAdmin } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm, searchParamsOf } from "@server/http/form";
import { listReviewsForModeration, replySchema, replyToReview, setReviewStatus, type ModerationRow } from "@server/reviews";
import { Stars } from "~/components/shop/product/stars";
import { FieldErrorsContext, TextAreaField } from "~/components/ui/field";
import { FormError, FormSuccess } from "~/components/ui/form";
import { buttonClass } from "~/components/ui/button";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { REVIEW_LIMITS, REVIEW_STATUSES, REVIEW_STATUS_LABELS, type ReviewStatus } from "@core/reviews";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

const statusParam = z.enum(REVIEW_STATUSES).catch("pending");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "reviews");
  const status = statusParam.parse(searchParamsOf(request).get("status") ?? undefined);
  return data({ status, ...(await listReviewsForModeration(status)) }, { headers: adminHeaders });
}

const actionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id: z.uuid("Unknown review") }),
    z.object({ intent: z.literal("hide"), id: z.uuid("Unknown review") }),
    z.object({ intent: z.literal("reply"), id: z.uuid("Unknown review"), ...replySchema.shape }),
  ],
  { error: "Unknown action" },
);

type ActionResult = { ok: boolean; message: string; id?: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "reviews");
  const form = Object.fromEntries(await readForm(request));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error, { id: typeof form.id === "string" ? form.id : undefined });
  const input = parsed.data;
  try {
    if (input.intent === "reply") {
      await replyToReview(input.id, input.reply, admin);
      return data<ActionResult>({ ok: true, id: input.id, message: input.reply.trim() ? "Reply saved: it shows under the review." : "Reply removed." });
    }
    await setReviewStatus(input.id, input.intent === "approve" ? "published" : "hidden", admin);
    return data<ActionResult>({ ok: true, id: input.id, message: input.intent === "approve" ? "Review approved: it now shows on the product page." : "Review hidden from the shop." });
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ ok: false, id: input.id, message: e.publicMessage, fieldErrors: e.fieldErrors }));
  }
}

const TAB_HINTS: Record<ReviewStatus, string> = {
  pending: "New reviews from buyers wait here until someone approves or hides them.",
  published: "Shown on the product pages and counted in their ratings.",
  hidden: "Taken down: not shown, not counted. Approve one to show it again.",
};

/** Buyers' reviews held for moderation: approve, hide, reply. */
export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { status, rows, counts } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label="Review status">
        <ul className="flex flex-wrap gap-2">
          {REVIEW_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={`/admin/reviews?status=${s}`}
                aria-current={s === status ? "page" : undefined}
                className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-inset ${
                  s === status ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-gray-800 ring-gray-300 hover:bg-gray-50"
                }`}
              >
                {REVIEW_STATUS_LABELS[s]} <span className="tabular-nums">({counts[s]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 text-sm text-gray-700">{TAB_HINTS[status]}</p>
      <div className="mt-4 space-y-2">{actionData?.ok ? <FormSuccess message={actionData.message} /> : <FormError message={actionData?.message} />}</div>
      {rows.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">No {REVIEW_STATUS_LABELS[status].toLowerCase()} reviews</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {rows.map((r) => (
            <li key={r.id}>
              <ReviewModeration review={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewModeration({ review }: { review: ModerationRow }) {
  const date = useAdminDate();
  const busy = useNavigation().state !== "idle";
  const answer = useActionData<typeof action>();
  // The reply's message shows under this review's reply field only.
  const errors = answer && !answer.ok && answer.id === review.id ? (answer.fieldErrors ?? {}) : {};
  const headingId = `review-${review.id}-title`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-gray-700">
            <a href={`/products/${review.product.slug}`} className="font-semibold text-brand-700 underline hover:text-brand-800">
              {review.product.title}
            </a>{" "}
            · {date(review.createdAt)}
          </p>
          <h2 id={headingId} className="mt-1 text-lg font-semibold text-gray-900">
            {review.title || "(no title)"}
          </h2>
          <Stars rating={review.rating} size="text-base" />
        </div>
        {/* One form: each button posts its own intent with the review's id. */}
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="id" value={review.id} />
          {review.status !== "published" ? (
            <button type="submit" name="intent" value="approve" disabled={busy} className={buttonClass("primary", "small")} aria-label={`Approve "${review.title}"`}>
              Approve
            </button>
          ) : null}
          {review.status !== "hidden" ? (
            <button type="submit" name="intent" value="hide" disabled={busy} className={buttonClass("secondary", "small")} aria-label={`Hide "${review.title}"`}>
              Hide
            </button>
          ) : null}
        </Form>
      </div>
      <p className="mt-3 whitespace-pre-line leading-7 text-gray-800">{review.body}</p>
      {review.images.length ? (
        <ul aria-label="Photos" className="mt-3 flex flex-wrap gap-2">
          {review.images.map((img) => (
            <li key={img.id}>
              <a href={img.renditions.at(-1)?.path} className="block overflow-hidden rounded-lg border border-gray-200">
                <img src={img.renditions[0]?.path} alt={`Photo ${review.images.indexOf(img) + 1} from ${review.author}`} width={96} height={96} className="h-24 w-24 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <span>
          By {review.author}
          {review.email ? ` (${review.email})` : ""}
        </span>
        {review.verifiedBuyer ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Verified buyer</span> : null}
        <span>· {review.helpfulCount} found it helpful</span>
      </p>
      <Form method="post" className="mt-4 space-y-2">
        <input type="hidden" name="id" value={review.id} />
        <FieldErrorsContext.Provider value={errors}>
          <TextAreaField
            id={`reply-${review.id}`}
            label="Public reply"
            name="reply"
            rows={2}
            maxLength={REVIEW_LIMITS.replyMax}
            defaultValue={review.reply ?? ""}
            hint="Shown under the review on the product page once it is approved. Leave empty to remove."
          />
        </FieldErrorsContext.Provider>
        <button type="submit" name="intent" value="reply" disabled={busy} className={buttonClass("secondary", "small")}>
          Save reply
        </button>
      </Form>
    </article>
  );
}
