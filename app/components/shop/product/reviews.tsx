import { useId, useState } from "react";
import type { ReviewView } from "~/lib/product-view";
import { REVIEWS_SHOWN_FIRST, reviewExcerpt, wrapIndex } from "~/lib/reviews";
import { formatLongDate } from "~/lib/dates";
import { ResponsiveImage } from "../responsive-image";
import { Stars } from "./stars";

/** 'Customer Stories': the product's published reviews, 4 first, with a summary computed from them. */
export function CustomerStories({ reviews }: { reviews: ReviewView[] }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const average = reviews.length ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10 : 0;
  const shown = showAll ? reviews : reviews.slice(0, REVIEWS_SHOWN_FIRST);
  return (
    <section aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          Customer Stories
        </h2>
        {reviews.length ? (
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <Stars rating={average} label={`Rated ${average.toFixed(1)} out of 5`} />
            <span aria-hidden="true" className="font-semibold text-gray-900">
              {average.toFixed(1)} / 5
            </span>
            <span>
              ({reviews.length} {reviews.length === 1 ? "review" : "reviews"})
            </span>
          </p>
        ) : null}
      </div>
      {reviews.length === 0 ? (
        <p className="mt-6 text-gray-600">No reviews yet. Be the first to share your story.</p>
      ) : (
        <>
          <ul id={listId} className="mt-6 grid gap-6 md:grid-cols-2">
            {shown.map((r) => (
              <li key={r.id}>
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
          <p className="font-semibold">{review.author}</p>
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
      <p className="mt-auto text-xs text-gray-600">
        {review.helpfulCount} {review.helpfulCount === 1 ? "person" : "people"} found this helpful
      </p>
    </article>
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

/** Holds the place of the streamed reviews with the same outline, so nothing jumps when they arrive. */
export function CustomerStoriesSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading reviews">
      <div className="h-8 w-56 animate-pulse rounded bg-gray-200" />
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {Array.from({ length: REVIEWS_SHOWN_FIRST }, (_, i) => (
          <li key={i} className="h-64 animate-pulse rounded-2xl border border-gray-200 bg-gray-50" />
        ))}
      </ul>
    </section>
  );
}
