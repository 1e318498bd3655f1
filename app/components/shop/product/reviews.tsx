import { useId, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { ReviewAccessView, ReviewView } from "@core/product-view";
import { HELPFUL_PARAM, REVIEWS_SHOWN_FIRST, ratingBreakdown, reviewExcerpt, wrapIndex } from "@core/reviews";
import { formatLongDate } from "~/lib/dates";
import { usePersonal } from "~/lib/personal";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "../responsive-image";
import { Stars } from "./stars";

/**
 * 'Customer Stories': the product's approved reviews, 4 first, with a summary (average, count and
 * how many gave each number of stars) computed from them, and what the visitor may do: sign in,
 * write a review (buyers only), or see where their own review stands. The page is everyone's; the
 * visitor's access and helpful votes arrive with their personal answer (until then: sign in).
 */
export function CustomerStories({ reviews: shared, slug }: { reviews: ReviewView[]; slug: string }) {
  const mine = usePersonal()?.product;
  const access: ReviewAccessView = mine?.reviewAccess ?? { kind: "sign-in" };
  const reviews = withVotes(shared, mine?.votes ?? []);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const summary = ratingBreakdown(reviews);
  const shown = showAll ? reviews : reviews.slice(0, REVIEWS_SHOWN_FIRST);
  return (
    <section aria-labelledby="reviews-heading" id="reviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          Customer Stories
        </h2>
        {reviews.length ? (
          <p className="flex items-center gap-2 text-sm text-gray-700" data-testid="review-summary">
            <Stars rating={summary.average} label={`Rated ${summary.average.toFixed(1)} out of 5`} />
            <span aria-hidden="true" className="font-semibold text-gray-900">
              {summary.average.toFixed(1)} / 5
            </span>
            <span>
              ({reviews.length} {reviews.length === 1 ? "review" : "reviews"})
            </span>
          </p>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {reviews.length ? <RatingDistribution counts={summary.counts} total={reviews.length} /> : <p className="text-gray-600">No reviews yet. Be the first to share your story.</p>}
        <ReviewPrompt access={access} slug={slug} />
      </div>
      {reviews.length === 0 ? null : (
        <>
          <ul id={listId} className="mt-6 grid gap-6 md:grid-cols-2">
            {shown.map((r) => (
              <li key={r.id} id={`review-${r.id}`}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ul>
          {reviews.length > REVIEWS_SHOWN_FIRST ? (
            <div className="mt-6 text-center">
              <button
                type="button"
                aria-expanded={showAll}
                aria-controls={listId}
                onClick={() => setShowAll((s) => !s)}
                className="rounded-lg border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
              >
                {showAll ? "Show less" : `Show all ${reviews.length} reviews`}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** How many reviews gave each number of stars, 5 down to 1, as text with a bar beside it. */
function RatingDistribution({ counts, total }: { counts: Record<1 | 2 | 3 | 4 | 5, number>; total: number }) {
  return (
    <ul aria-label="Ratings by number of stars" className="space-y-1.5 text-sm text-gray-700">
      {([5, 4, 3, 2, 1] as const).map((stars) => (
        <li key={stars} className="flex items-center gap-3">
          <span className="w-14 shrink-0">
            {stars} {stars === 1 ? "star" : "stars"}
          </span>
          <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-200">
            <span className="block h-full rounded-full bg-amber-500" style={{ width: `${total ? (counts[stars] / total) * 100 : 0}%` }} />
          </span>
          <span className="w-20 shrink-0 text-right tabular-nums">
            {counts[stars]} {counts[stars] === 1 ? "review" : "reviews"}
          </span>
        </li>
      ))}
    </ul>
  );
}

const OWN_REVIEW: Record<"pending" | "published" | "hidden", string> = {
  pending: "Thanks for your review! It will appear here once our team has checked it.",
  published: "Thanks for reviewing this product.",
  hidden: "Your review of this product is not shown on the shop.",
};

/** The visitor's own helpful votes over the shared list: their counts now, and the button pressed. */
function withVotes(list: ReviewView[], votes: [string, number][]): ReviewView[] {
  if (votes.length === 0) return list;
  const counts = new Map(votes);
  return list.map((r) => (counts.has(r.id) ? { ...r, helpfulCount: counts.get(r.id)!, votedHelpful: true } : r));
}

/** What the visitor may do; the shared (cached) page offers to sign in until their own answer says more. */
function ReviewPrompt({ access, slug }: { access: ReviewAccessView; slug: string }) {
  const formPath = `/products/${slug}/review`;
  const box = "rounded-2xl border border-gray-200 bg-gray-50 p-5 text-sm text-gray-700";
  if (access.kind === "buyer") {
    return (
      <div className={box}>
        <p className="font-semibold text-gray-900">You bought this. How is it?</p>
        <Link to={formPath} className={buttonClass("primary", "small", "mt-3")}>
          Write a review
        </Link>
      </div>
    );
  }
  if (access.kind === "reviewed") return <p className={box}>{OWN_REVIEW[access.status]}</p>;
  if (access.kind === "not-buyer") return <p className={box}>Only customers who bought this can review it.</p>;
  return (
    <p className={box}>
      Bought this?{" "}
      <Link to={`/auth?redirectTo=${encodeURIComponent(formPath)}`} className="font-semibold text-brand-700 underline hover:text-brand-800">
        Sign in to write a review
      </Link>
      .
    </p>
  );
}

function ReviewCard({ review }: { review: ReviewView }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const excerpt = reviewExcerpt(review.body);
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-gray-200 p-5 shadow-sm">
      <header className="flex items-center gap-3">
        {review.authorImage ? (
          <img src={review.authorImage} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
            {review.author.charAt(0)}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 font-semibold">
            {review.author}
            {review.verifiedBuyer ? (
              <span className="inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-inset ring-green-700/30">
                Verified buyer
              </span>
            ) : null}
          </p>
          <p className="text-xs text-gray-600">
            <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
          </p>
        </div>
      </header>
      <Stars rating={review.rating} size="text-base" />
      {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
      <p id={bodyId} className="leading-7 text-gray-700">
        {expanded || !excerpt.truncated ? review.body : excerpt.text}
      </p>
      {excerpt.truncated ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((e) => !e)}
          className="self-start text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        >
          {expanded ? "Read less" : "Read more"}
        </button>
      ) : null}
      {review.images.length ? <ReviewImages images={review.images} author={review.author} /> : null}
      {review.reply ? (
        <div className="rounded-xl border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-sm">
          <p className="font-semibold text-gray-900">Reply from Pocket Retro</p>
          <p className="mt-1 whitespace-pre-line leading-6 text-gray-700">{review.reply}</p>
        </div>
      ) : null}
      <Helpful review={review} />
    </article>
  );
}

/**
 * "Was this helpful?": a plain form (no JavaScript: the server counts the vote and sends the visitor
 * back to the review), a fetcher with it. Counted once per visitor; pressed, it says so.
 */
function Helpful({ review }: { review: ReviewView }) {
  const fetcher = useFetcher<{ ok: boolean; helpfulCount?: number }>();
  // A no-JS vote comes back with the review's id in the address (the page is everyone's).
  const [params] = useSearchParams();
  const voted = review.votedHelpful || params.get(HELPFUL_PARAM) === review.id || fetcher.state !== "idle" || fetcher.data?.ok === true;
  const count = fetcher.data?.helpfulCount ?? review.helpfulCount;
  return (
    <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
      {voted ? (
        <p className="font-semibold text-gray-800">You found this helpful</p>
      ) : (
        <fetcher.Form method="post" action="/reviews/helpful" className="flex items-center gap-2">
          <input type="hidden" name="reviewId" value={review.id} />
          <span id={`helpful-${review.id}`}>Was this helpful?</span>
          <button
            type="submit"
            aria-describedby={`helpful-${review.id}`}
            className="min-h-8 rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            Yes
          </button>
        </fetcher.Form>
      )}
      <p aria-live="polite">
        {count} {count === 1 ? "person" : "people"} found this helpful
      </p>
    </div>
  );
}

/** One photo at a time; previous/next wrap around at either end. */
function ReviewImages({ images, author }: { images: ReviewView["images"]; author: string }) {
  const [index, setIndex] = useState(0);
  const image = images[index];
  const many = images.length > 1;
  const arrow = "flex h-9 w-9 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-800 hover:bg-gray-100";
  return (
    <figure className="flex flex-col gap-2">
      <div className="aspect-square w-40 overflow-hidden rounded-xl bg-gray-100">
        <ResponsiveImage image={image} alt={`Photo from ${author}: ${image.alt}`} sizes="160px" className="h-full w-full object-cover" />
      </div>
      {many ? (
        <figcaption className="flex items-center gap-3 text-sm text-gray-700">
          <button type="button" aria-label="Previous image" onClick={() => setIndex((i) => wrapIndex(i, -1, images.length))} className={arrow}>
            <span aria-hidden="true">‹</span>
          </button>
          <span aria-live="polite">
            Image {index + 1} of {images.length}
          </span>
          <button type="button" aria-label="Next image" onClick={() => setIndex((i) => wrapIndex(i, 1, images.length))} className={arrow}>
            <span aria-hidden="true">›</span>
          </button>
        </figcaption>
      ) : null}
    </figure>
  );
}
